"""The vector store interface and its Chroma backends (embedded files, or a Chroma server).

Backends register under the name used by ``settings.store.mode``; the pipeline receives a
``VectorStore`` and never branches on the name.

Beside the chunks, a store keeps *sentence vectors* (``settings.chunking.sentence_vectors``): one
vector per abstract sentence, title-prefixed, in a second collection ``<collection>-sentences``
with the same ``paper_id`` metadata. They are written and deleted in step with the chunks
(:meth:`VectorStore.delete_papers` removes both) and score a paper by its best sentence.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from rag.errors import StoreError
from rag.settings import Settings

log = logging.getLogger("paperchat")

__all__ = ["ChromaStore", "DenseHit", "VectorStore", "open_vector_store", "paper_of_row",
           "register_store", "row_id"]

# Telemetry off before chromadb is imported anywhere (the Settings below say it again).
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")


@dataclass(frozen=True)
class DenseHit:
    chunk_id: str
    paper_id: str
    similarity: float  # cosine similarity, 1 = identical
    text: str


class VectorStore(Protocol):
    """What the pipeline needs from a vector store.

    ``sentence_vectors``: whether ingest should write sentence vectors (:meth:`upsert_sentences`).
    ``similarities`` / ``sentence_similarities``: best chunk / best sentence cosine per paper for
    the given papers (a plain fetch, no nearest-neighbour search); papers without vectors are
    absent from the result, as from ``paper_vectors`` (each paper's chunk vectors averaged, as a
    unit vector: what the paper is about as a whole). ``delete_papers`` removes a paper's
    chunks and sentences.
    """

    sentence_vectors: bool

    def upsert(self, ids: Sequence[str], embeddings: np.ndarray, documents: Sequence[str],
               metadatas: Sequence[dict[str, Any]]) -> None: ...
    def upsert_sentences(self, ids: Sequence[str], embeddings: np.ndarray,
                         metadatas: Sequence[dict[str, Any]]) -> None: ...
    def query(self, embedding: np.ndarray, n: int,
              paper_ids: Sequence[str] | None = None) -> list[DenseHit]: ...
    def similarities(self, embedding: np.ndarray,
                     paper_ids: Sequence[str]) -> dict[str, float]: ...
    def sentence_similarities(self, embedding: np.ndarray,
                              paper_ids: Sequence[str]) -> dict[str, float]: ...
    def sentence_paper_ids(self) -> set[str]: ...
    def paper_vectors(self, paper_ids: Sequence[str]) -> dict[str, np.ndarray]: ...
    def delete_papers(self, paper_ids: Iterable[str]) -> None: ...
    def count(self) -> int: ...


_BACKENDS: dict[str, Callable[[Settings, Any], VectorStore]] = {}


def register_store(mode: str) -> Callable[[Callable[[Settings, Any], VectorStore]],
                                          Callable[[Settings, Any], VectorStore]]:
    def deco(factory: Callable[[Settings, Any], VectorStore]) -> Callable[[Settings, Any],
                                                                          VectorStore]:
        _BACKENDS[mode] = factory
        return factory
    return deco


def open_vector_store(settings: Settings, embedding_function: Any) -> VectorStore:
    try:
        factory = _BACKENDS[settings.store.mode]
    except KeyError:
        raise StoreError(f"unknown store mode {settings.store.mode!r}") from None
    return factory(settings, embedding_function)


def _chroma_settings() -> Any:
    from chromadb.config import Settings as ChromaSettings
    return ChromaSettings(anonymized_telemetry=False, allow_reset=False)


def row_id(paper_id: str, n: int, tag: str = "") -> str:
    """The id of a paper's n-th chunk (``tag`` "") or sentence (``tag`` "s"): ``<paper>::<tag><n>``."""
    return f"{paper_id}::{tag}{n}"


def paper_of_row(rid: str) -> str:
    """The paper id of a chunk or sentence row id (see :func:`row_id`)."""
    return rid.rsplit("::", 1)[0]


def _best_per_paper(embedding: np.ndarray, got: Any) -> dict[str, float]:
    """Best cosine per paper over the vectors of a Chroma ``get`` (unit vectors: dot product).

    The paper is read off the row id (:func:`paper_of_row`): fetching no metadata makes the
    ``get`` about a fifth faster.
    """
    ids = got["ids"] or []
    if not ids:
        return {}
    sims = np.asarray(got["embeddings"], dtype=np.float32) @ np.asarray(embedding, np.float32)
    out: dict[str, float] = {}
    for rid, sim in zip(ids, sims.tolist()):
        pid = paper_of_row(rid)
        if sim > out.get(pid, -2.0):
            out[pid] = sim
    return out


def _fetched(collection: Any, paper_ids: Sequence[str]) -> Iterator[Any]:
    """The rows of ``paper_ids`` (with their vectors), as Chroma ``get`` results of at most 500
    papers each."""
    ids = list(dict.fromkeys(paper_ids))
    for start in range(0, len(ids), 500):
        yield collection.get(where={"paper_id": {"$in": ids[start:start + 500]}},
                             include=["embeddings"])


def _hnsw_config(collection: Any) -> dict[str, Any]:
    """A Chroma collection's HNSW settings as it reports them ({} where it reports none)."""
    config = getattr(collection, "configuration", None) or {}
    return dict(config.get("hnsw") or {}) if isinstance(config, dict) else {}


class ChromaStore:
    """Chunks in a Chroma collection (cosine space), sentence vectors in ``<name>-sentences``.

    Metadata carries ``paper_id`` in both. ``sentence_vectors`` only says whether ingest should
    write sentence vectors; the sentence collection is always opened, so deletes reach it.
    """

    def __init__(self, client: Any, collection: str, embedding_function: Any, *,
                 sentence_vectors: bool = False, ef_search: int | None = None) -> None:
        self.client = client
        self.sentence_vectors = sentence_vectors
        searched = {"ef_search": ef_search} if ef_search else {}
        try:
            self.collection = client.get_or_create_collection(
                collection, embedding_function=embedding_function,
                configuration={"hnsw": {"space": "cosine", **searched}})
            if searched and _hnsw_config(self.collection).get("ef_search") != ef_search:
                self._set_search(searched)  # a store made before
            self.sentences = client.get_or_create_collection(  # (only fetched by id)
                f"{collection}-sentences", embedding_function=embedding_function,
                configuration={"hnsw": {"space": "cosine"}})
        except Exception as exc:  # chromadb raises many types; translate at the boundary
            raise StoreError(f"cannot open Chroma collection {collection!r}: {exc}") from exc

    def _set_search(self, searched: dict[str, int]) -> None:
        """Sets a collection made before to explore ``searched["ef_search"]`` candidates (saved
        in the store); where Chroma cannot (a server of another version, a SPANN index), the
        store opens as it is, with a warning. A Chroma server that has already loaded the
        index keeps its old value until it restarts."""
        try:
            self.collection.modify(configuration={"hnsw": searched})
        except Exception as exc:  # chromadb raises many types; the store stays usable
            log.warning("could not set ef_search=%s on Chroma collection %r (%s); dense "
                        "searches explore its own", searched.get("ef_search"),
                        self.collection.name, exc)

    def upsert(self, ids: Sequence[str], embeddings: np.ndarray, documents: Sequence[str],
               metadatas: Sequence[dict[str, Any]]) -> None:
        if not ids:
            return
        self.collection.upsert(ids=list(ids), embeddings=embeddings, documents=list(documents),
                               metadatas=list(metadatas))

    def upsert_sentences(self, ids: Sequence[str], embeddings: np.ndarray,
                         metadatas: Sequence[dict[str, Any]]) -> None:
        if not ids:
            return
        self.sentences.upsert(ids=list(ids), embeddings=embeddings, metadatas=list(metadatas))

    def similarities(self, embedding: np.ndarray, paper_ids: Sequence[str]) -> dict[str, float]:
        """Best-chunk cosine similarity of each given paper (fetched, not searched)."""
        return self._best(self.collection, embedding, paper_ids)

    def sentence_similarities(self, embedding: np.ndarray,
                              paper_ids: Sequence[str]) -> dict[str, float]:
        """Best-sentence cosine similarity of each given paper that has sentence vectors."""
        return self._best(self.sentences, embedding, paper_ids)

    @staticmethod
    def _best(collection: Any, embedding: np.ndarray, paper_ids: Sequence[str]) -> dict[str, float]:
        out: dict[str, float] = {}
        for got in _fetched(collection, paper_ids):
            out.update(_best_per_paper(embedding, got))
        return out

    def paper_vectors(self, paper_ids: Sequence[str]) -> dict[str, np.ndarray]:
        sums: dict[str, np.ndarray] = {}
        for got in _fetched(self.collection, paper_ids):
            if not got["ids"]:
                continue
            for rid, vector in zip(got["ids"], np.asarray(got["embeddings"], np.float32)):
                pid = paper_of_row(rid)
                sums[pid] = sums[pid] + vector if pid in sums else vector
        return {pid: v / max(float(np.linalg.norm(v)), 1e-9) for pid, v in sums.items()}

    def sentence_paper_ids(self) -> set[str]:
        got = self.sentences.get(include=["metadatas"])
        return {str(m["paper_id"]) for m in got["metadatas"] or []}

    def query(self, embedding: np.ndarray, n: int,
              paper_ids: Sequence[str] | None = None) -> list[DenseHit]:
        total = self.collection.count()
        if total == 0 or n <= 0 or (paper_ids is not None and not paper_ids):
            return []
        where = {"paper_id": {"$in": list(paper_ids)}} if paper_ids is not None else None
        res = self.collection.query(query_embeddings=[np.asarray(embedding, dtype=np.float32)],
                                    n_results=min(n, total), where=where,
                                    include=["metadatas", "distances", "documents"])
        hits = []
        for cid, dist, meta, doc in zip(res["ids"][0], res["distances"][0],  # type: ignore[index]
                                        res["metadatas"][0], res["documents"][0]):  # type: ignore[index]
            hits.append(DenseHit(cid, str(meta["paper_id"]), 1.0 - float(dist), doc or ""))
        return hits

    def delete_papers(self, paper_ids: Iterable[str]) -> None:
        ids = list(paper_ids)
        for start in range(0, len(ids), 500):
            where = {"paper_id": {"$in": ids[start:start + 500]}}
            self.collection.delete(where=where)
            self.sentences.delete(where=where)

    def paper_ids(self) -> set[str]:
        got = self.collection.get(include=["metadatas"])
        return {str(m["paper_id"]) for m in got["metadatas"] or []}

    def count(self) -> int:
        return int(self.collection.count())


@register_store("persistent")
def _persistent(settings: Settings, embedding_function: Any) -> VectorStore:
    import chromadb

    path = Path(settings.chroma_dir)
    path.mkdir(parents=True, exist_ok=True)
    client = chromadb.PersistentClient(path=str(path), settings=_chroma_settings())
    return ChromaStore(client, settings.store.collection, embedding_function,
                       sentence_vectors=settings.chunking.sentence_vectors,
                       ef_search=settings.store.ef_search)


@register_store("http")
def _http(settings: Settings, embedding_function: Any) -> VectorStore:
    import chromadb

    try:
        client = chromadb.HttpClient(host=settings.store.chroma_host,
                                     port=settings.store.chroma_port, settings=_chroma_settings())
    except Exception as exc:
        raise StoreError(f"cannot reach the Chroma server at {settings.store.chroma_host}:"
                         f"{settings.store.chroma_port}: {exc} (start it with `chroma run "
                         "--path DIR`, or set store.mode = 'persistent')") from exc
    return ChromaStore(client, settings.store.collection, embedding_function,
                       sentence_vectors=settings.chunking.sentence_vectors,
                       ef_search=settings.store.ef_search)
