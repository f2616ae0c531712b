"""PaperChat: the one object the CLI and the UI talk to.

It is built from settings, with each backend (embedder, vector store, catalog, LLM) either passed
in (tests pass fakes) or created lazily from settings on first use.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from rag.answer import Answer, Answerer, Conversation, DoneEvent, Event
from rag.chunking import Chunker
from rag.errors import EmptyStoreError, QuestionError, StoreError
from rag.ingest import Ingestor, IngestReport
from rag.retrieval import Filters, Retriever, SearchResult, TokenCache
from rag.settings import Settings, get_settings
from rag.tokens import PaperTokens
from store.lexical import PaperIndex
from store.vector import VectorStore, open_vector_store

__all__ = ["DEMO_DIR", "PaperChat"]

log = logging.getLogger("paperchat")

DEMO_DIR = Path(__file__).resolve().parent / "data" / "demo"


class PaperChat:
    def __init__(self, settings: Settings | dict[str, Any] | str | None = None, *,
                 embedder: Any = None, vectors: VectorStore | None = None,
                 index: PaperIndex | None = None, llm: Any = None) -> None:
        self.settings = get_settings(settings)
        self._embedder = embedder
        self._vectors = vectors
        self._index = index
        self._llm = llm
        self._dir_lock: Any = None
        self._synced = False
        self._chunker: tuple[tuple[int, int], Chunker] | None = None
        self._token_cache = TokenCache()     # papers' token vectors, for every retriever
        self._lock = threading.RLock()       # store backends
        self._llm_lock = threading.RLock()   # the model: loading it must not block searches
        self._write_lock = threading.Lock()

    # ---- lazily built backends ------------------------------------------------------------
    @property
    def embedder(self) -> Any:
        with self._lock:
            if self._embedder is None:
                from models.embedding import MiniLMEmbedder
                e = self.settings.embedding
                self._embedder = MiniLMEmbedder(max_tokens=e.max_tokens, batch_size=e.batch_size,
                                                threads=e.threads)
            return self._embedder

    @property
    def index(self) -> PaperIndex:
        with self._lock:
            if self._index is None:
                self._index = PaperIndex(self.settings.index_path)
            return self._index

    @property
    def vectors(self) -> VectorStore:
        with self._lock:
            if self._vectors is None:
                if self.settings.store.mode == "persistent":
                    self._lock_data_dir()
                self._vectors = open_vector_store(self.settings, self.embedder)
            return self._vectors

    def _lock_data_dir(self) -> None:
        """Chroma's embedded store is single-process: a second PaperChat on the same data dir
        (an ingest while `serve` runs) gets a clear error instead of a silently split store."""
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows: no advisory locks here
            return
        home = Path(self.settings.home)
        home.mkdir(parents=True, exist_ok=True)
        handle = open(home / ".lock", "a+")  # noqa: SIM115 - held until close()
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            owner = handle.read().strip() or "another process"
            handle.close()
            raise StoreError(f"the data dir {home} is in use by another PaperChat process "
                             f"(pid {owner}): stop it first, or pass another --data-dir") from None
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        self._dir_lock = handle

    @property
    def llm(self) -> Any:
        """The chat model, loaded on first use and kept (one loaded model at a time)."""
        with self._llm_lock:
            if self._llm is None:
                from models.llm import load_llm
                self._llm = load_llm(self.settings)
            return self._llm

    def switch_model(self, model: str) -> None:
        """Use another registry alias or GGUF path for everyone. The old model is released
        before the new one loads (one model in memory); if the new one fails to load, the old
        one is loaded again and the error raised, so a bad choice changes nothing."""
        from models.llm import load_llm

        with self._llm_lock:
            current = self.settings.llm.model
            if model == current and self._llm is not None:
                return
            if self.settings.llm.backend == "llama-cpp":
                from models.registry import resolve_gguf
                resolve_gguf(model, self.settings.models_dir)  # raises before anything changes
            old, self._llm = self._llm, None
            if old is not None and hasattr(old, "close"):
                old.close()
            del old
            self.settings.llm.model = model
            try:
                self._llm = load_llm(self.settings)
            except Exception:
                self.settings.llm.model = current
                raise

    def answerer(self, **llm_options: Any) -> Answerer:
        """An answerer; ``llm_options`` (temperature, max_tokens, ...) apply to this one only."""
        settings = self.settings
        if llm_options:
            settings = self.settings.model_copy(deep=True)
            for key, value in llm_options.items():
                setattr(settings.llm, key, value)
        words = getattr(self.embedder, "words", None)  # the language's words: no misspellings
        return Answerer(self.retriever, self.index, lambda: self.llm, settings,
                        words=words() if words else frozenset())

    @property
    def ingestor(self) -> Ingestor:
        ingestor = self._new_ingestor()
        self._sync_vectors(ingestor)
        return ingestor

    def _new_ingestor(self) -> Ingestor:
        return Ingestor(self.vectors, self.index, self.embedder, self._get_chunker(),
                        self.settings.store.batch_size,
                        token_vectors=self.settings.chunking.token_vectors)

    def _get_chunker(self) -> Chunker:
        """One chunker per chunk settings (building one copies the tokenizer)."""
        c = self.settings.chunking
        key = (c.chunk_tokens, c.overlap_tokens)
        with self._lock:
            if self._chunker is None or self._chunker[0] != key:
                self._chunker = (key, Chunker(self.embedder.tokenizer, *key))
            return self._chunker[1]

    @property
    def retriever(self) -> Retriever:
        self._sync_vectors()
        return Retriever(self.vectors, self.index, self.embedder, self.settings.retrieval,
                         PaperTokens(self.embedder, self._get_chunker()), self._token_cache)

    def _vector_identity(self) -> str:
        s = self.settings
        # the embedded store lives in the data dir beside the catalog: moving the dir moves both
        where = (f"{s.store.chroma_host}:{s.store.chroma_port}" if s.store.mode == "http"
                 else "data dir")
        return json.dumps({"store": s.store.mode, "at": where, "collection": s.store.collection,
                           "chunking": s.chunking.vector_shape()}, sort_keys=True)

    @staticmethod
    def _same_vectors(stored: str | None, identity: str) -> bool:
        """Whether the recorded identity names the current vectors. ``None`` (a new catalog)
        counts as the same; so does an embedded store recorded, as before, by its path."""
        if stored is None or stored == identity:
            return True
        try:
            old, new = json.loads(stored), json.loads(identity)
        except ValueError:
            return False
        if old.get("store") == new.get("store") == "persistent":
            old["at"] = new["at"]
        return bool(old == new)

    def _sync_vectors(self, ingestor: Ingestor | None = None) -> None:
        """Once per process: the catalog records which vector store (and chunking) its papers'
        vectors live in. If that changed (``--config server`` on an existing data dir, new chunk
        sizes), every paper is re-embedded into the current store through the ingest repair
        path, instead of searching a store that silently lacks them. Pending papers of an
        interrupted ingest are repaired here too."""
        with self._lock:
            if self._synced:
                return
            self._synced = True
            identity, index = self._vector_identity(), self.index
            stored = index.get_meta("vectors")
            if stored != identity:
                if not self._same_vectors(stored, identity) and index.count():
                    log.warning("vector store or chunking changed: re-embedding %d papers "
                                "into %s", index.count(), identity)
                    with index.transaction() as db:
                        index.mark_pending(db, list(index.fingerprints()))
                index.set_meta("vectors", identity)
            if index.pending():
                (ingestor or self._new_ingestor()).repair()

    # ---- operations -----------------------------------------------------------------------
    def ingest(self, paths: list[str | Path], fmt: str | None = None, *,
               progress: bool = True) -> IngestReport:
        with self._write_lock:
            return self.ingestor.ingest_files(paths, fmt, progress=progress)

    def backfill_tokens(self, *, progress: bool = False) -> int:
        """Store the token vectors of papers that lack them (see ``Ingestor.backfill_tokens``);
        every ingest does this first."""
        with self._write_lock:
            return self.ingestor.backfill_tokens(progress=progress)

    def remove(self, paper_ids: list[str]) -> list[str]:
        with self._write_lock:
            return self.ingestor.remove(paper_ids)

    def ensure_demo(self, *, progress: bool = False) -> IngestReport | None:
        """Ingest the bundled demo corpus if the store is empty."""
        if self.index.count() > 0:
            return None
        return self.ingest(sorted(DEMO_DIR.glob("*.txt")), progress=progress)

    def search(self, query: str, k: int | None = None, filters: Filters | None = None,
               **kw: Any) -> SearchResult:
        if self.index.count() == 0:
            raise EmptyStoreError("no papers ingested yet: run `paperchat ingest FILE...` "
                                  "(or `paperchat demo`)")
        return self.retriever.search(query, k, self._sessions_named(filters), **kw)

    def _sessions_named(self, filters: Filters | None) -> Filters | None:
        """``filters`` with its session as the catalog stores it (:meth:`PaperIndex.session_filter`:
        "3", "Wednesday" as typed in the UI, CLI or API); a :class:`QuestionError` naming the
        sessions there are where it names none."""
        if filters is None or not filters.session:
            return filters
        if named := self.index.session_filter(filters.session):
            return replace(filters, session=named)
        held = self.index.session_names()
        raise QuestionError(f"no presentation session matches \u201c{filters.session}\u201d; "
                            + (f"the sessions are: {'; '.join(held)}" if held
                               else "the papers give no sessions"))

    def respelled(self, query: str) -> tuple[str, list[tuple[str, str]]]:
        """``query`` with each word no paper writes read as the word the papers write that it
        most likely misspells, and those (word, replacement) pairs, as the chat reads questions
        (:meth:`rag.questions.QuestionReader.respelled`: "federated lerning")."""
        return self.answerer().reader.respelled(query)

    def ask_stream(self, question: str, conversation: Conversation | None = None,
                   filters: Filters | None = None, k: int | None = None,
                   **llm_options: Any) -> Iterator[Event]:
        """Answer as events: papers first, then text, then the validated answer."""
        if self.index.count() == 0:
            raise EmptyStoreError("no papers ingested yet: run `paperchat ingest FILE...` "
                                  "(or `paperchat demo`)")
        yield from self.answerer(**llm_options).ask(question, conversation,
                                                    self._sessions_named(filters), k)

    def ask(self, question: str, conversation: Conversation | None = None,
            filters: Filters | None = None, k: int | None = None) -> Answer:
        for event in self.ask_stream(question, conversation, filters, k):
            if isinstance(event, DoneEvent):
                return event.answer
        raise AssertionError("ask_stream ended without an answer")  # pragma: no cover

    def close(self) -> None:
        if self._index is not None:
            self._index.close()
        if self._dir_lock is not None:
            self._dir_lock.close()  # releases the flock
            self._dir_lock = None
