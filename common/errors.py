"""Domain errors and the one registry of problem codes (pure Python: no Django, no DRF).

Every error the API can answer has a stable ``code`` and an HTTP ``status``, and the error owns
both: a `DomainError` subclass declares them as class attributes (with its title, the keys of
its ``details`` and an example), and defining the class registers it here. Errors of a pure
library that knows nothing of HTTP (the rules engine) are registered by the app that uses it
(`register_error`, in ``games/errors.py``); the HTTP layer registers DRF's own codes
(``common/http/problems.py``). The registry is what the exception handler renders with and what
openapi.yaml and docs/api.md document, so a status is written in exactly one place.

Layering: this module imports nothing of the project; the apps and ``common.http`` import it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

# The title of a problem whose error names none: one per status.
STATUS_TITLES: dict[int, str] = {
    400: "Bad request.",
    403: "Forbidden.",
    404: "Not found.",
    409: "Conflict.",
    412: "Precondition failed.",
    422: "Rule violation.",
}


@dataclass(frozen=True)
class ProblemType:
    """What the API sends for one ``code``: its status, title, the keys of ``extra`` (always all
    of them) with their meaning, and an example ``detail`` and ``extra`` as a real response has
    them."""

    status: int
    title: str
    extra: Mapping[str, str] = field(default_factory=dict)
    detail: str = ""
    example: Mapping[str, Any] = field(default_factory=dict)


_TYPES: dict[str, ProblemType] = {}
_STATUS_OF_CLASS: dict[type[BaseException], int] = {}


def register(code: str, problem: ProblemType) -> ProblemType:
    """Declare ``code``. One code, one meaning: declaring it again differently is an error."""
    known = _TYPES.get(code)
    if known is not None and known != problem:
        raise ValueError(f"problem code {code!r} is declared twice, differently")
    _TYPES[code] = problem
    return problem


def register_error(
    cls: type[BaseException],
    *,
    status: int,
    title: str | None = None,
    extra: Mapping[str, str] | None = None,
    detail: str = "",
    example: Mapping[str, Any] | None = None,
    documented: bool = True,
) -> None:
    """Give an exception class (and its subclasses) an HTTP ``status``; its instances name
    their ``code`` (a class attribute). ``documented``: also declare that code's problem type
    (an abstract base, such as the engine's ``RuleViolation``, is not)."""
    known = _STATUS_OF_CLASS.get(cls)
    if known is not None and known != status:
        raise ValueError(f"{cls.__qualname__} is given two statuses, {known} and {status}")
    _STATUS_OF_CLASS[cls] = status
    if documented and status < 500:
        register(
            cls.code,  # type: ignore[attr-defined]
            ProblemType(
                status,
                title or STATUS_TITLES.get(status, "Request rejected."),
                dict(extra or {}),
                detail,
                dict(example or {}),
            ),
        )


def status_of(exc: BaseException) -> int | None:
    """The HTTP status of a registered error (by its class, nearest first), else None."""
    for cls in type(exc).__mro__:
        status = _STATUS_OF_CLASS.get(cls)
        if status is not None:
            return status
    return None


def problem_types() -> dict[str, ProblemType]:
    """Every declared code, by status then code (a stable order for the documentation)."""
    return dict(sorted(_TYPES.items(), key=lambda item: (item[1].status, item[0])))


class _Catalogue(Mapping[str, ProblemType]):
    """``PROBLEM_TYPES``: a read-only view of the registry (complete once the error modules are
    imported: ``common.http.problems.problem_types`` makes sure of it)."""

    def __getitem__(self, code: str) -> ProblemType:
        return _TYPES[code]

    def __iter__(self) -> Iterator[str]:
        return iter(problem_types())

    def __len__(self) -> int:
        return len(_TYPES)


PROBLEM_TYPES: Mapping[str, ProblemType] = _Catalogue()


# --------------------------------------------------------------------------- domain errors
class DomainError(Exception):
    """Base of every error a service, selector or aggregate raises on purpose.

    A concrete subclass declares ``code`` and ``status`` (and, for the documentation, ``title``,
    ``extra_keys``: the keys of ``details`` with their meaning, ``example``: example ``details``,
    ``example_detail``); defining it registers them. ``abstract=True`` marks a base class with no
    code of its own. ``status`` 500 means a bug or corrupt data, never the caller's fault: the
    handler lets it through as a 500 (``server_error``) and the code is not in the catalogue.
    """

    code: ClassVar[str] = "error"
    status: ClassVar[int] = 400
    title: ClassVar[str | None] = None
    default_message: ClassVar[str] = "The request was rejected."
    extra_keys: ClassVar[Mapping[str, str]] = {}
    example: ClassVar[Mapping[str, Any]] = {}
    example_detail: ClassVar[str | None] = None

    def __init_subclass__(cls, *, abstract: bool = False, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if abstract:
            return
        if "code" not in cls.__dict__:
            raise TypeError(f"{cls.__qualname__} must declare its code (or be abstract=True)")
        register_error(
            cls,
            status=cls.status,
            title=cls.title,
            extra=cls.extra_keys,
            detail=cls.example_detail or cls.default_message,
            example=cls.example,
        )

    def __init__(self, message: str | None = None, **details: Any) -> None:
        self.message = message or self.default_message
        self.details: dict[str, Any] = details
        super().__init__(self.message)


class InvalidFilter(DomainError):
    """A list's query parameter (a filter, ``limit`` or ``offset``) is malformed or out of
    range."""

    code = "invalid_filter"
    status = 400
    default_message = "Invalid query parameter."
    extra_keys = {"errors": "messages per query parameter (filter, limit, offset)"}
    example_detail = "Invalid query parameter: limit."
    example = {"errors": {"limit": ["A valid integer is required."]}}

    @classmethod
    def of(cls, errors: Mapping[str, Any]) -> InvalidFilter:
        """The error for a form's / serializer's ``errors`` (parameter -> messages)."""
        return cls(
            "Invalid query parameter: " + ", ".join(sorted(errors)) + ".",
            errors={key: [str(e) for e in value] for key, value in errors.items()},
        )
