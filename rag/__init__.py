"""PaperChat's pipeline: settings, ingest, retrieval and answering over paper abstracts."""

from rag.offline import enforce_offline

enforce_offline()

from rag.errors import PaperChatError  # noqa: E402
from rag.pipeline import PaperChat  # noqa: E402
from rag.retrieval import Filters, SearchResult  # noqa: E402
from rag.settings import Settings, get_settings  # noqa: E402
from rag.types import Paper, SearchHit  # noqa: E402

__all__ = ["Filters", "Paper", "PaperChat", "PaperChatError", "SearchHit", "SearchResult",
           "Settings", "get_settings"]
