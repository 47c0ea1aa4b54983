from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.problem_types_unsupported_media_type_status import ProblemTypesUnsupportedMediaTypeStatus
from ..models.problem_types_unsupported_media_type_title import ProblemTypesUnsupportedMediaTypeTitle
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_types_unsupported_media_type_extra import ProblemTypesUnsupportedMediaTypeExtra


T = TypeVar("T", bound="ProblemTypesUnsupportedMediaType")


@_attrs_define
class ProblemTypesUnsupportedMediaType:
    """415 Unsupported media type.

    Example:
        {'type': 'https://hearts.example/problems/unsupported-media-type', 'title': 'Unsupported media type.', 'status':
            415, 'detail': 'Unsupported media type "application/x-www-form-urlencoded" in request.', 'code':
            'unsupported_media_type', 'extra': {}}

    Attributes:
        status (ProblemTypesUnsupportedMediaTypeStatus | Unset):
        title (ProblemTypesUnsupportedMediaTypeTitle | Unset):
        extra (ProblemTypesUnsupportedMediaTypeExtra | Unset):
    """

    status: ProblemTypesUnsupportedMediaTypeStatus | Unset = UNSET
    title: ProblemTypesUnsupportedMediaTypeTitle | Unset = UNSET
    extra: ProblemTypesUnsupportedMediaTypeExtra | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status: int | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        title: str | Unset = UNSET
        if not isinstance(self.title, Unset):
            title = self.title.value

        extra: dict[str, Any] | Unset = UNSET
        if not isinstance(self.extra, Unset):
            extra = self.extra.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if status is not UNSET:
            field_dict["status"] = status
        if title is not UNSET:
            field_dict["title"] = title
        if extra is not UNSET:
            field_dict["extra"] = extra

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem_types_unsupported_media_type_extra import ProblemTypesUnsupportedMediaTypeExtra  # noqa: PLC0415

        d = dict(src_dict)
        _status = d.pop("status", UNSET)
        status: ProblemTypesUnsupportedMediaTypeStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = ProblemTypesUnsupportedMediaTypeStatus(_status)

        _title = d.pop("title", UNSET)
        title: ProblemTypesUnsupportedMediaTypeTitle | Unset
        if isinstance(_title, Unset):
            title = UNSET
        else:
            title = ProblemTypesUnsupportedMediaTypeTitle(_title)

        _extra = d.pop("extra", UNSET)
        extra: ProblemTypesUnsupportedMediaTypeExtra | Unset
        if isinstance(_extra, Unset):
            extra = UNSET
        else:
            extra = ProblemTypesUnsupportedMediaTypeExtra.from_dict(_extra)

        problem_types_unsupported_media_type = cls(
            status=status,
            title=title,
            extra=extra,
        )

        problem_types_unsupported_media_type.additional_properties = d
        return problem_types_unsupported_media_type

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
