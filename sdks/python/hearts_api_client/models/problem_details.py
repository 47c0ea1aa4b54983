from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.problem_details_extra import ProblemDetailsExtra


T = TypeVar("T", bound="ProblemDetails")


@_attrs_define
class ProblemDetails:
    """RFC 9457 problem details, as every error of this API is rendered.

    Attributes:
        type_ (str): A URI naming the problem type (derived from `code`).
        title (str): Short, human-readable summary of the problem type.
        status (int): The HTTP status code.
        detail (str): Human-readable explanation of this occurrence.
        code (str): Machine-readable error code naming the rule broken. Every code, with its status, title and the keys
            of `extra`, is in the `ProblemTypes` schema.
        extra (ProblemDetailsExtra): Details of the error; its keys depend on `code` (see `ProblemTypes`).
    """

    type_: str
    title: str
    status: int
    detail: str
    code: str
    extra: ProblemDetailsExtra
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        title = self.title

        status = self.status

        detail = self.detail

        code = self.code

        extra = self.extra.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "title": title,
                "status": status,
                "detail": detail,
                "code": code,
                "extra": extra,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem_details_extra import ProblemDetailsExtra  # noqa: PLC0415

        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail")

        code = d.pop("code")

        extra = ProblemDetailsExtra.from_dict(d.pop("extra"))

        problem_details = cls(
            type_=type_,
            title=title,
            status=status,
            detail=detail,
            code=code,
            extra=extra,
        )

        problem_details.additional_properties = d
        return problem_details

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
