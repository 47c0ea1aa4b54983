from enum import StrEnum


class TableMemberStatusEnum(StrEnum):
    DECLINED = "declined"
    INVITED = "invited"
    JOINED = "joined"
    LEFT = "left"

    def __str__(self) -> str:
        return str(self.value)
