from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.awaiting_game_output import AwaitingGameOutput
    from ..models.feed_item_output import FeedItemOutput


T = TypeVar("T", bound="FeedPageOutput")


@_attrs_define
class FeedPageOutput:
    """
    Attributes:
        awaiting (list[AwaitingGameOutput]): Active games in which your seat must act now, longest waiting first.
        items (list[FeedItemOutput]): Events of all your games after `after`, in feed order.
        next_after (int): Position of the last item in this page (= `after` when empty): the next `after`.
        has_more (bool): More items follow `next_after`.
    """

    awaiting: list[AwaitingGameOutput]
    items: list[FeedItemOutput]
    next_after: int
    has_more: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        awaiting = []
        for awaiting_item_data in self.awaiting:
            awaiting_item = awaiting_item_data.to_dict()
            awaiting.append(awaiting_item)

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        next_after = self.next_after

        has_more = self.has_more

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "awaiting": awaiting,
                "items": items,
                "next_after": next_after,
                "has_more": has_more,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.awaiting_game_output import AwaitingGameOutput  # noqa: PLC0415
        from ..models.feed_item_output import FeedItemOutput  # noqa: PLC0415

        d = dict(src_dict)
        awaiting = []
        _awaiting = d.pop("awaiting")
        for awaiting_item_data in _awaiting:
            awaiting_item = AwaitingGameOutput.from_dict(awaiting_item_data)

            awaiting.append(awaiting_item)

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = FeedItemOutput.from_dict(items_item_data)

            items.append(items_item)

        next_after = d.pop("next_after")

        has_more = d.pop("has_more")

        feed_page_output = cls(
            awaiting=awaiting,
            items=items,
            next_after=next_after,
            has_more=has_more,
        )

        feed_page_output.additional_properties = d
        return feed_page_output

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
