from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.algorithm_enum import AlgorithmEnum

if TYPE_CHECKING:
    from ..models.signing_key_output import SigningKeyOutput


T = TypeVar("T", bound="SigningKeysOutput")


@_attrs_define
class SigningKeysOutput:
    """
    Attributes:
        algorithm (AlgorithmEnum): * `Ed25519` - Ed25519
        message_format (str): What each signature signs (UTF-8).
        signed_after (list[str]): The event types whose head is signed.
        keys (list[SigningKeyOutput]):
    """

    algorithm: AlgorithmEnum
    message_format: str
    signed_after: list[str]
    keys: list[SigningKeyOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        algorithm = self.algorithm.value

        message_format = self.message_format

        signed_after = self.signed_after

        keys = []
        for keys_item_data in self.keys:
            keys_item = keys_item_data.to_dict()
            keys.append(keys_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "algorithm": algorithm,
                "message_format": message_format,
                "signed_after": signed_after,
                "keys": keys,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.signing_key_output import SigningKeyOutput  # noqa: PLC0415

        d = dict(src_dict)
        algorithm = AlgorithmEnum(d.pop("algorithm"))

        message_format = d.pop("message_format")

        signed_after = cast(list[str], d.pop("signed_after"))

        keys = []
        _keys = d.pop("keys")
        for keys_item_data in _keys:
            keys_item = SigningKeyOutput.from_dict(keys_item_data)

            keys.append(keys_item)

        signing_keys_output = cls(
            algorithm=algorithm,
            message_format=message_format,
            signed_after=signed_after,
            keys=keys,
        )

        signing_keys_output.additional_properties = d
        return signing_keys_output

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
