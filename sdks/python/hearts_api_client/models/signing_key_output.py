from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.algorithm_enum import AlgorithmEnum

T = TypeVar("T", bound="SigningKeyOutput")


@_attrs_define
class SigningKeyOutput:
    """
    Attributes:
        key_id (str): First 16 hex digits of sha256(raw public key).
        algorithm (AlgorithmEnum): * `Ed25519` - Ed25519
        public_key (str): base64 of the raw 32-byte public key.
        current (bool): True for the key that signs new heads.
    """

    key_id: str
    algorithm: AlgorithmEnum
    public_key: str
    current: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key_id = self.key_id

        algorithm = self.algorithm.value

        public_key = self.public_key

        current = self.current

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key_id": key_id,
                "algorithm": algorithm,
                "public_key": public_key,
                "current": current,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        key_id = d.pop("key_id")

        algorithm = AlgorithmEnum(d.pop("algorithm"))

        public_key = d.pop("public_key")

        current = d.pop("current")

        signing_key_output = cls(
            key_id=key_id,
            algorithm=algorithm,
            public_key=public_key,
            current=current,
        )

        signing_key_output.additional_properties = d
        return signing_key_output

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
