from enum import StrEnum


class QueueJoinInputRequestOptionsDeck(StrEnum):
    NO_2D = "no_2d"
    NO_2D_2C = "no_2d_2c"
    NO_2D_3D_2C_3C = "no_2d_3d_2c_3c"
    SHORT_28 = "short_28"
    STANDARD_52 = "standard_52"

    def __str__(self) -> str:
        return str(self.value)
