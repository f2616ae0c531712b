"""PaperChat's exception tree. Every error a user can cause is one of these, with a fix in its text.

    PaperChatError
    ├── ConfigError             bad settings, unknown preset or model alias
    ├── InputError              bad input files
    │   └── ParseError          one bad record: names the file and record/line
    ├── ModelError              embedding or LLM model problems
    │   ├── ModelNotFoundError  no model file at the configured place
    │   └── ModelDownloadError  `paperchat models pull` failed (offline, unknown repo)
    ├── StoreError              Chroma or the lexical index failed or disagree
    ├── EmptyStoreError         nothing ingested yet
    └── QuestionError           a question or filter that cannot be taken (too long,
                                a session no paper is in)

Backend exceptions are translated at the boundary with ``raise X(...) from exc``.
"""

from __future__ import annotations

__all__ = [
    "ConfigError",
    "EmptyStoreError",
    "InputError",
    "ModelDownloadError",
    "ModelError",
    "ModelNotFoundError",
    "PaperChatError",
    "ParseError",
    "QuestionError",
    "StoreError",
]


class PaperChatError(Exception):
    """Base of all PaperChat errors; ``str(err)`` is a one-line message for the user."""


class ConfigError(PaperChatError):
    """Settings, preset or model alias are invalid."""


class InputError(PaperChatError):
    """An input file cannot be read or has no recognisable format."""


class ParseError(InputError):
    """One record of an input file is bad. Carries the file and the record (1-based line or index)."""

    def __init__(self, path: str, record: str | int, reason: str) -> None:
        self.path = str(path)
        self.record = record
        self.reason = reason
        super().__init__(f"{self.path}: record {record}: {reason}")


class ModelError(PaperChatError):
    """A model cannot be loaded or run."""


class ModelNotFoundError(ModelError):
    """No model file where the settings point."""


class ModelDownloadError(ModelError):
    """Downloading a registry model failed."""


class StoreError(PaperChatError):
    """The vector store or lexical index failed."""


class EmptyStoreError(PaperChatError):
    """The store holds no papers yet."""


class QuestionError(PaperChatError):
    """A question or filter PaperChat cannot take as asked (longer than it reads, a session
    that does not exist)."""
