"""PaperChat's pipeline: settings, ingest, retrieval and answering over paper abstracts.

The offline switches are set first, before any backend library is imported; the public names
are loaded on first use (so ``store`` and ``models`` can import ``rag.types`` without a cycle).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from rag.offline import enforce_offline

enforce_offline()

_EXPORTS = {
    "PaperChatError": "rag.errors", "PaperChat": "rag.pipeline", "Filters": "rag.retrieval",
    "SearchResult": "rag.retrieval", "Settings": "rag.settings", "get_settings": "rag.settings",
    "Paper": "rag.types", "SearchHit": "rag.types",
}
__all__ = ["Filters", "Paper", "PaperChat", "PaperChatError", "SearchHit", "SearchResult",
           "Settings", "get_settings"]

if TYPE_CHECKING:
    from rag.errors import PaperChatError
    from rag.pipeline import PaperChat
    from rag.retrieval import Filters, SearchResult
    from rag.settings import Settings, get_settings
    from rag.types import Paper, SearchHit


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'rag' has no attribute {name!r}")
