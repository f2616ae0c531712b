"""Ingest papers into the vector store and the catalog/lexical index, consistently.

Protocol per batch (so any failure, Ctrl-C included, leaves a store a rerun completes):
1. catalog: mark the batch's paper ids *pending* (committed);
2. Chroma: delete the old chunks and sentence vectors of changed papers, upsert the new chunks
   and (with ``sentence_vectors``) sentence vectors (idempotent ids);
3. catalog: in one transaction, write the papers, their FTS rows and (with ``token_vectors``)
   their packed token vectors (:mod:`rag.tokens`, from the sentences' forward pass), and clear
   *pending*.
A paper counts as present only once step 3 committed. A changed record whose embedded texts are
the same as its stored version's (new authors, status, affiliations) skips steps 1 and 2: its
catalog row is rewritten in one transaction, its vectors kept (:meth:`Ingestor._write_catalog`).
:meth:`Ingestor.repair` (run before every ingest and on open) re-does the Chroma side (chunks
and sentences) of papers left pending by an interrupted run. When sentence vectors are on and
stored papers lack them (a store built without), the next ingest marks those papers pending and
repairs them, sentences included.
Stored papers without token vectors get them at the next ingest too
(:meth:`Ingestor.backfill_tokens`: catalog only, batch by batch, Chroma untouched).

Embedding runs one batch ahead in a worker thread (onnxruntime and the tokenizer release the
GIL), so batch n+1 is embedded while batch n is written. The worker only computes vectors, so
stopping at any point still leaves at most the batch being written pending.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tqdm import tqdm

from rag.chunking import Chunker
from rag.errors import InputError, StoreError
from rag.parsers import parse_file
from rag.tokens import PaperTokens
from rag.types import Paper
from store.lexical import PaperIndex
from store.vector import VectorStore, row_id

__all__ = ["IngestReport", "Ingestor"]


@dataclass
class IngestReport:
    files: list[str] = field(default_factory=list)
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: list[str] = field(default_factory=list)
    chunks: int = 0
    seconds: float = 0.0
    embed_seconds: float = 0.0
    kept_vectors: int = 0  # updated papers whose embedded texts were the same (not re-embedded)

    @property
    def indexed(self) -> int:
        return self.added + self.updated

    @property
    def papers_per_s(self) -> float:
        return self.indexed / self.seconds if self.seconds > 0 else 0.0

    def summary(self) -> str:
        kept = f" ({self.kept_vectors} not re-embedded)" if self.kept_vectors else ""
        line = (f"added {self.added}, updated {self.updated}{kept}, unchanged {self.unchanged}, "
                f"skipped {len(self.skipped)}")
        if self.indexed:
            line += f" — {self.indexed} papers in {self.seconds:.1f} s ({self.papers_per_s:.1f} papers/s)"
        return line

    def to_json(self) -> dict[str, Any]:
        return {"files": self.files, "added": self.added, "updated": self.updated,
                "unchanged": self.unchanged, "kept_vectors": self.kept_vectors,
                "skipped": self.skipped, "chunks": self.chunks,
                "seconds": round(self.seconds, 3), "papers_per_s": round(self.papers_per_s, 2)}


class Ingestor:
    def __init__(self, vectors: VectorStore, index: PaperIndex, embedder: Any, chunker: Chunker,
                 batch_size: int = 64, *, sentence_vectors: bool | None = None,
                 token_vectors: bool = True) -> None:
        """``sentence_vectors``: also write sentence vectors; None: as the store says
        (``vectors.sentence_vectors``, i.e. ``chunking.sentence_vectors``).
        ``token_vectors``: also store papers' token vectors in the catalog (needs an embedder
        with ``embed_with_tokens``; ``chunking.token_vectors``)."""
        self.vectors = vectors
        self.index = index
        self.embedder = embedder
        self.chunker = chunker
        self.batch_size = batch_size
        if sentence_vectors is None:
            sentence_vectors = bool(getattr(vectors, "sentence_vectors", False))
        self.sentence_vectors = sentence_vectors
        self.token_vectors = token_vectors and callable(getattr(embedder, "embed_with_tokens",
                                                                None))
        self.tokens = PaperTokens(embedder, chunker)

    # ---------------------------------------------------------------------------------------
    def ingest_files(self, paths: Sequence[str | Path], fmt: str | None = None, *,
                     progress: bool = True) -> IngestReport:
        """Parse every file first (a fatal parse error writes nothing), then index."""
        papers: list[Paper] = []
        skipped: list[str] = []
        for path in paths:
            result = parse_file(path, fmt)
            papers.extend(result.papers)
            skipped.extend(str(err) for err in result.skipped)
        report = self.ingest_papers(papers, progress=progress)
        report.files = [str(p) for p in paths]
        report.skipped = skipped + report.skipped
        return report

    def ingest_papers(self, papers: Iterable[Paper], *, progress: bool = True) -> IngestReport:
        report = IngestReport()
        start = time.perf_counter()
        self._backfill_sentences()
        self.repair()
        self.backfill_tokens(progress=progress)
        known = self.index.fingerprints()
        todo: dict[str, Paper] = {}
        for paper in papers:
            if paper.paper_id in todo:
                report.skipped.append(f"{paper.source}: {paper.paper_id}: duplicate id in this "
                                      "ingest; the last record wins")
            todo[paper.paper_id] = paper
        fresh = [p for p in todo.values() if known.get(p.paper_id) != p.fingerprint()]
        report.unchanged = len(todo) - len(fresh)
        # a changed record embeds the same texts where only its authors, status and such
        # changed: its vectors stay, its catalog row is rewritten
        before = self.index.get([p.paper_id for p in fresh if p.paper_id in known])
        relabelled = [p for p in fresh if p.paper_id in before
                      and self.texts([before[p.paper_id]]) == self.texts([p])]
        kept = {p.paper_id for p in relabelled}
        batch_new = [p for p in fresh if p.paper_id not in kept]
        if relabelled:
            self._write_catalog(relabelled)
            report.updated += len(relabelled)
            report.kept_vectors = len(relabelled)
        bar = tqdm(total=len(batch_new), unit="paper", desc="embedding", disable=not progress,
                   dynamic_ncols=True)
        try:
            for batch, rows, embed_s in self._embedded(batch_new):
                changed = [p.paper_id for p in batch if p.paper_id in known]
                self._write_batch(batch, rows, changed)
                report.embed_seconds += embed_s
                report.chunks += len(rows[0])
                report.updated += len(changed)
                report.added += len(batch) - len(changed)
                bar.update(len(batch))
        finally:
            bar.close()
        report.seconds = time.perf_counter() - start
        return report

    @staticmethod
    def _rows(batch: Sequence[Paper], texts_of: Callable[[Paper], list[str]], kind: str,
              tag: str = "") -> tuple[list[str], list[str], list[dict[str, Any]]]:
        """Row ids (:func:`store.vector.row_id`), texts and metadata of each paper's chunks or sentences."""
        ids, texts, metas = [], [], []
        for paper in batch:
            for n, text in enumerate(texts_of(paper)):
                ids.append(row_id(paper.paper_id, n, tag))
                texts.append(text)
                metas.append({"paper_id": paper.paper_id, kind: n})
        return ids, texts, metas

    def _chunk_rows(self, batch: Sequence[Paper]) -> tuple[list[str], list[str],
                                                           list[dict[str, Any]]]:
        return self._rows(batch, self.chunker.chunks, "chunk")

    def _sentence_rows(self, batch: Sequence[Paper]) -> tuple[list[str], list[str],
                                                              list[dict[str, Any]]]:
        """Sentence rows, also where only token vectors need the sentences' forward pass."""
        if not (self.sentence_vectors or self.token_vectors):
            return [], [], []
        return self._rows(batch, self.tokens.texts, "sentence", "s")

    def batches(self, papers: Sequence[Paper]) -> list[list[Paper]]:
        """``papers`` in the groups ingest embeds and writes together."""
        return [list(papers[i:i + self.batch_size])
                for i in range(0, len(papers), self.batch_size)]

    def texts(self, batch: Sequence[Paper]) -> list[str]:
        """Every text ingest embeds for ``batch``, in its order (see :meth:`_embed_rows`)."""
        return self._chunk_rows(batch)[1] + self._sentence_rows(batch)[1]

    def _embed_rows(self, batch: Sequence[Paper]) -> tuple[Any, ...]:
        """Chunk and sentence rows of ``batch`` with their embeddings, and the papers' packed
        token vectors from the sentences' forward pass (one embedder call)."""
        chunk_ids, texts, metas = self._chunk_rows(batch)
        sent_ids, sent_texts, sent_metas = self._sentence_rows(batch)
        tokens: dict[str, bytes] = {}
        if self.token_vectors:
            vecs, per_text = self.embedder.embed_with_tokens(texts + sent_texts, len(texts))
            tokens = self.tokens.from_pass(batch, per_text)
        else:
            vecs = self.embedder.embed(texts + sent_texts)
        if not self.sentence_vectors:
            sent_ids, sent_metas = [], []
        return (chunk_ids, vecs[:len(texts)], texts, metas,
                sent_ids, vecs[len(texts):], sent_metas, tokens)

    def _upsert_rows(self, rows: tuple[Any, ...]) -> None:
        chunk_ids, chunk_vecs, texts, metas, sent_ids, sent_vecs, sent_metas, _ = rows
        self.vectors.upsert(chunk_ids, chunk_vecs, texts, metas)
        if sent_ids:
            self.vectors.upsert_sentences(sent_ids, sent_vecs, sent_metas)

    def _embedded(self, papers: Sequence[Paper]) -> Iterator[tuple[list[Paper], tuple[Any, ...],
                                                                    float]]:
        """``(batch, rows, embed seconds)`` per batch of ``papers``, embedding one batch ahead.

        The next batch is embedded in a worker thread while the caller writes the current one.
        On an exception in the caller (Ctrl-C included) the batch in flight is finished and
        dropped: the worker never writes.
        """
        def embed(batch: list[Paper]) -> tuple[tuple[Any, ...], float]:
            t0 = time.perf_counter()
            rows = self._embed_rows(batch)
            return rows, time.perf_counter() - t0

        batches = self.batches(papers)
        if not batches:
            return
        with ThreadPoolExecutor(1, thread_name_prefix="paperchat-embed") as worker:
            ahead = worker.submit(embed, batches[0])
            for n, batch in enumerate(batches):
                rows, seconds = ahead.result()
                if n + 1 < len(batches):
                    ahead = worker.submit(embed, batches[n + 1])
                yield batch, rows, seconds

    def _write_batch(self, batch: list[Paper], rows: tuple[Any, ...], changed: list[str]) -> None:
        with self.index.transaction() as db:
            self.index.mark_pending(db, [p.paper_id for p in batch])
        try:
            if changed:
                self.vectors.delete_papers(changed)
            self._upsert_rows(rows)
        except Exception as exc:
            raise StoreError(f"writing to the vector store failed: {exc}") from exc
        with self.index.transaction() as db:
            for paper in batch:
                self.index.put(db, paper)
            self.index.put_tokens(db, rows[-1])
            if batch and not self.token_vectors:
                self.index.set_meta("token-vectors", "0")
            self.index.clear_pending(db, [p.paper_id for p in batch])

    def _write_catalog(self, papers: list[Paper]) -> None:
        """Rewrite catalogued papers whose embedded texts did not change (:meth:`texts`): the
        catalog rows only, in one transaction, keeping their token vectors; Chroma holds
        nothing else of a paper (its rows carry the paper id and the chunk's number)."""
        ids = [p.paper_id for p in papers]
        with self.index.transaction() as db:
            tokens = self.index.tokens(ids)
            for paper in papers:
                self.index.put(db, paper)
            self.index.put_tokens(db, tokens)

    # ---------------------------------------------------------------------------------------
    def repair(self) -> int:
        """Bring Chroma back in line with the catalog for papers an interrupted run left pending."""
        pending = self.index.pending()
        if not pending:
            return 0
        present = self.index.get(pending)
        self.vectors.delete_papers(pending)
        tokens: dict[str, bytes] = {}
        for _batch, rows, _seconds in self._embedded(list(present.values())):
            self._upsert_rows(rows)
            tokens.update(rows[-1])
        with self.index.transaction() as db:
            self.index.put_tokens(db, tokens)
            self.index.clear_pending(db, pending)
        return len(pending)

    def backfill_tokens(self, *, progress: bool = False) -> int:
        """Store the token vectors of catalogued papers that have none (a store built before
        them, or with ``token_vectors`` off); returns how many papers got them.

        Only while token vectors are on and the catalog's ``token-vectors`` flag is not set;
        the flag is set once every paper has them (and cleared by an ingest with them off).
        Each batch commits on its own and touches only the ``tokens`` table, so an interrupted
        backfill leaves a consistent store and the next one goes on where it stopped.
        """
        if not self.token_vectors or self.index.get_meta("token-vectors") == "1":
            return 0
        missing = self.index.without_tokens()
        done = 0
        with tqdm(total=len(missing), unit="paper", desc="token vectors",
                  disable=not progress or not missing, dynamic_ncols=True) as bar:
            for start in range(0, len(missing), self.batch_size):
                papers = list(self.index.get(missing[start:start + self.batch_size]).values())
                tokens = self.tokens.encode(papers)
                with self.index.transaction() as db:
                    self.index.put_tokens(db, tokens)
                done += len(papers)
                bar.update(len(papers))
        self.index.set_meta("token-vectors", "1")
        return done

    def _backfill_sentences(self) -> None:
        """Mark stored papers that lack sentence vectors pending, for :meth:`repair` to redo.

        Only while sentence vectors are on and the catalog's ``sentence-vectors`` flag is not
        set; the flag is set once every stored paper has them (and cleared when ingesting with
        sentence vectors off, since those papers get none).
        """
        flag = self.index.get_meta("sentence-vectors")
        if not self.sentence_vectors:
            if flag != "0":
                self.index.set_meta("sentence-vectors", "0")
            return
        if flag == "1":
            return
        have = self.vectors.sentence_paper_ids() if self.index.count() else set()
        missing = [p for p in self.index.fingerprints() if p not in have]
        if missing:
            with self.index.transaction() as db:
                self.index.mark_pending(db, missing)
            self.repair()
        self.index.set_meta("sentence-vectors", "1")

    def remove(self, paper_ids: Sequence[str]) -> list[str]:
        """Delete papers everywhere; returns the ids that existed."""
        existing = list(self.index.get(paper_ids))
        if not existing:
            return []
        with self.index.transaction() as db:
            self.index.mark_pending(db, existing)
            self.index.delete(db, existing)
        self.vectors.delete_papers(existing)
        with self.index.transaction() as db:
            self.index.clear_pending(db, existing)
        return existing


def check_paths(paths: Sequence[str | Path]) -> None:
    for p in paths:
        if not Path(p).is_file():
            raise InputError(f"{p}: no such file")
