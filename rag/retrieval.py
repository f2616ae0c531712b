"""Hybrid paper search: dense (Chroma) and lexical (FTS5) rankings fused per paper.

Chunks are aggregated to papers (a paper's chunk score is its best chunk), and the two paper
lists are fused. The default fusion (``retrieval.fusion = "score"``) combines scores, not ranks:
every candidate of either list gets its exact cosine similarity (lexical-only candidates are
looked up in the vector store), BM25 is divided by the best BM25 of the query, and the two are
mixed ``dense_share : 1 - dense_share``. Where the store keeps sentence vectors, the best
``sentence_candidates`` papers of that ranking are re-scored with a dense score that mixes their
best-chunk and best-sentence cosine (``sentence_weight``; the vectors are fetched, not
searched). Measured on SciFact train (809 queries, nDCG@10): min-max-normalised best-chunk
cosine with dense_share 0.6, 0.733; plain cosine mixed 0.3 chunk + 0.7 sentence for the first 30
papers, with dense_share 0.8, 0.750 (0.745 while the lexical query also OR-ed a prefix of long
words, see ``rag.textnorm.fts_query``); weighted reciprocal rank fusion (``fusion = "rrf"``,
:func:`rank_fusion`) of the same two rankings 0.728.
Then (``token_rerank`` > 0) the first papers of the fused ranking are re-scored by token-level
late interaction (:func:`max_sim`) with the embedder's own token vectors, stored at ingest
(:mod:`rag.tokens`): 0.760 on SciFact train with 20 papers and ``token_weight`` 1.75, for a few
milliseconds a query.
Each paper gets the abstract sentence that best matches the question as evidence.
"""

from __future__ import annotations

import math
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from rag.chunking import split_sentences
from rag.settings import RetrievalSettings
from rag.textnorm import STOPWORDS, sentence_order
from rag.tokens import PaperTokens, unpack
from rag.types import Paper, SearchHit
from store.lexical import PaperIndex
from store.vector import VectorStore

if TYPE_CHECKING:
    from models.embedding import TokenVectors

__all__ = ["Filters", "Retriever", "SearchResult", "TokenCache", "best_sentence", "max_sim",
           "rank_fusion", "score_fusion", "split_sentences"]

Mode = Literal["hybrid", "dense", "lexical"]


@dataclass(frozen=True)
class Filters:
    area: str = ""
    author: str = ""
    venue: str = ""
    year: int | None = None
    since: int | None = None  # published in this year or later
    until: int | None = None  # in this year or earlier
    year_in: tuple[int, ...] = ()  # one of these years ("2023 or 2025")
    status: str = ""  # "Oral": the papers whose status has it
    affiliation: str = ""  # "MIT": the papers an author of which is affiliated with it
    session: str = ""  # "Poster Session 3: Wednesday, ...": the papers presented there ("A or B")

    def active(self) -> bool:
        return bool(self.area or self.author or self.venue or self.has_years() or self.status
                    or self.affiliation or self.session)

    def has_years(self) -> bool:
        return (self.year is not None or self.since is not None or self.until is not None
                or bool(self.year_in))

    def years(self) -> str:
        """The years the filter keeps, in words: "2024", "2024 or later", "2023–2024", "2023 or
        2025"; ''."""
        if self.year is not None:
            return str(self.year)
        if self.year_in:
            *rest, last = sorted(self.year_in)
            return f"{', '.join(map(str, rest))} or {last}" if rest else str(last)
        if self.since is not None and self.until is not None:
            return (str(self.since) if self.since == self.until
                    else f"{self.since}\u2013{self.until}")
        if self.since is not None:
            return f"{self.since} or later"
        return f"{self.until} or earlier" if self.until is not None else ""


@dataclass
class SearchResult:
    query: str
    hits: list[SearchHit]
    timings: dict[str, float] = field(default_factory=dict)  # milliseconds


def best_sentence(abstract: str, query: str) -> str:
    """The sentence naming most of the question's terms (length-weighted, synonyms and the
    abstract's own acronyms included), one saying what the paper does first among equals
    (:func:`rag.textnorm.sentence_order`)."""
    sentences = split_sentences(abstract)
    return sentences[sentence_order(sentences, query, abstract)[0]] if sentences else ""


def score_fusion(dense_top: dict[str, float], lexical: dict[str, float],
                 similarity: dict[str, float], dense_share: float, *,
                 minmax: bool = True) -> dict[str, float]:
    """Convex combination of dense and normalised lexical scores over both candidate lists.

    ``dense_top``: the dense list (paper -> cosine); ``lexical``: the lexical list (paper ->
    BM25, higher is better); ``similarity``: cosine of any candidate, lexical-only ones included.
    Cosine is min-max normalised over all candidates (``minmax``; else used as is), BM25 divided
    by the query's best BM25; a paper absent from the lexical list scores 0 there, one without a
    known cosine the minimum.
    """
    cands = dense_top.keys() | lexical.keys()
    if not cands:
        return {}
    known = [similarity[p] for p in cands if p in similarity]
    dmin, dmax = (min(known), max(known)) if known else (0.0, 1.0)
    shift, span = (dmin, (dmax - dmin) or 1.0) if minmax else (0.0, 1.0)
    lmax = max(lexical.values(), default=1.0) or 1.0
    return {p: dense_share * (similarity.get(p, dmin) - shift) / span
            + (1.0 - dense_share) * lexical.get(p, 0.0) / lmax for p in cands}


def rank_fusion(rankings: Sequence[Sequence[str]], weights: Sequence[float] | None = None,
                k: int = 60) -> dict[str, float]:
    """Weighted reciprocal rank fusion: each id scores ``sum(w / (k + rank))`` over the rankings
    (best first, ranks from 1) that hold it; an id in a ranking of weight 0 scores 0 there."""
    weights = [1.0] * len(rankings) if weights is None else weights
    fused: dict[str, float] = {}
    for ranking, w in zip(rankings, weights, strict=True):
        for rank, pid in enumerate(ranking, 1):
            fused[pid] = fused.get(pid, 0.0) + w / (k + rank)
    return fused


def max_sim(query: Any, doc: Any, weights: Any) -> float:
    """Token-level late interaction (ColBERT's MaxSim) with the embedder's own token vectors:
    each query token's best cosine over the document's tokens, averaged with ``weights`` (one
    per query token, summing to 1). Clamped at 0, so re-scoring never lowers a score."""
    if len(query) == 0 or len(doc) == 0:
        return 0.0
    best = (np.asarray(query, np.float32) @ np.asarray(doc, np.float32).T).max(axis=1)
    return max(0.0, float(best @ weights))


class TokenCache:
    """The packed token vectors of recently re-scored papers that the store has none of (least
    recently used go first), shared by the retrievers of one PaperChat and its threads. Keyed
    by the paper's content: an edited paper is encoded again."""

    def __init__(self, capacity: int = 4096) -> None:  # about 12 KB a paper
        self.capacity = capacity
        self._items: OrderedDict[tuple[str, str], bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, paper: Paper) -> bytes | None:
        key = (paper.paper_id, paper.fingerprint())
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
            return self._items.get(key)

    def put(self, paper: Paper, packed: bytes) -> None:
        with self._lock:
            self._items[(paper.paper_id, paper.fingerprint())] = packed
            while len(self._items) > self.capacity:
                self._items.popitem(last=False)


class Retriever:
    def __init__(self, vectors: VectorStore, index: PaperIndex, embedder: Any,
                 settings: RetrievalSettings, paper_tokens: PaperTokens,
                 token_cache: TokenCache | None = None) -> None:
        """``paper_tokens`` encodes the token vectors of papers the store has none of, the way
        ingest stores them."""
        self.vectors = vectors
        self.index = index
        self.embedder = embedder
        self.settings = settings
        self.paper_tokens = paper_tokens
        self.token_cache = token_cache if token_cache is not None else TokenCache()

    def search(self, query: str, k: int | None = None, filters: Filters | None = None, *,
               mode: Mode = "hybrid", candidates: int | None = None,
               evidence: bool = True) -> SearchResult:
        """The ``k`` best papers for ``query``; ``evidence``: with each one's evidence sentence
        (:func:`best_sentence`, about 0.25 ms a paper; a ranking alone, as an evaluation
        wants, goes without)."""
        s = self.settings
        k = k or s.k
        n = max(candidates or s.candidates, k)
        timings: dict[str, float] = {}
        t0 = time.perf_counter()
        allowed = self.index.filter_ids(**vars(filters)) if filters and filters.active() else None
        dense: dict[str, float] = {}
        rescore = (mode == "hybrid" and s.fusion == "score" and s.token_rerank > 0
                   and callable(getattr(self.embedder, "token_vectors", None)))
        qtok: TokenVectors | None = None
        if mode in ("hybrid", "dense"):
            t = time.perf_counter()
            if rescore:  # the query's embedding and token vectors from one forward pass
                qtok = self.embedder.token_vectors([query])[0]
            qvec = (qtok.embedding if qtok is not None and qtok.embedding is not None
                    else self.embedder.embed([query])[0])
            timings["embed_ms"] = (time.perf_counter() - t) * 1000
            t = time.perf_counter()
            for hit in self.vectors.query(qvec, n * 2, allowed):  # chunks -> papers
                if hit.similarity > dense.get(hit.paper_id, -2.0):
                    dense[hit.paper_id] = hit.similarity
            timings["dense_ms"] = (time.perf_counter() - t) * 1000
        lex_scores: dict[str, float] = {}
        if mode in ("hybrid", "lexical"):
            t = time.perf_counter()
            lex_scores = {h.paper_id: h.score for h in self.index.search(query, n, allowed)}
            timings["lexical_ms"] = (time.perf_counter() - t) * 1000
        lexical = list(lex_scores)  # best first
        by_score = mode == "hybrid" and s.fusion == "score" and bool(lexical)
        found = list(dense)  # the papers the dense query found
        if by_score:
            t = time.perf_counter()
            self._fill_similarities(qvec, dense, [p for p in lexical if p not in dense])
            timings["dense_fill_ms"] = (time.perf_counter() - t) * 1000
        rank_by = dense  # best-chunk cosine; the first papers re-scored with sentences
        if mode in ("hybrid", "dense") and s.sentence_weight > 0 and dense:
            t = time.perf_counter()
            if by_score:
                first = score_fusion({p: dense[p] for p in found}, lex_scores, dense,
                                     s.dense_share, minmax=s.cosine_norm == "minmax")
            else:
                first = {p: dense[p] for p in found}
            pool = sorted(first, key=first.__getitem__, reverse=True)[:s.sentence_candidates]
            rank_by = {**dense, **self._with_sentences(qvec, {p: dense[p] for p in pool
                                                               if p in dense})}
            timings["sentences_ms"] = (time.perf_counter() - t) * 1000
        dense_order = sorted(found, key=rank_by.__getitem__, reverse=True)[:n]
        dense_rank = {pid: r for r, pid in enumerate(dense_order, 1)}
        lex_rank = {pid: r for r, pid in enumerate(lexical, 1)}
        if by_score:
            fused = score_fusion({p: rank_by[p] for p in dense_order}, lex_scores, rank_by,
                                 s.dense_share, minmax=s.cosine_norm == "minmax")
        elif mode == "dense" and rank_by is not dense:
            fused = {p: rank_by[p] for p in dense_order}
        else:
            wd = s.dense_weight if mode != "lexical" else 0.0
            wl = s.lexical_weight if mode != "dense" else 0.0
            fused = rank_fusion([dense_order, lexical], [wd, wl], s.rrf_k)
        ranked = sorted(fused, key=lambda p: (-fused[p], dense_rank.get(p, 10**9)))
        papers: dict[str, Paper] = {}
        if by_score and rescore:
            t = time.perf_counter()
            head = ranked[:s.token_rerank]
            papers = self.index.get(head)
            fused = {**fused, **self._with_tokens(query, {p: fused[p] for p in head}, papers,
                                                  qtok)}
            ranked = sorted(head, key=lambda p: -fused[p]) + ranked[len(head):]
            timings["tokens_ms"] = (time.perf_counter() - t) * 1000
        top = ranked[:k]
        papers.update(self.index.get([p for p in top if p not in papers]))  # only catalog ids
        hits = [SearchHit(paper=papers[pid], score=fused[pid],
                          evidence=best_sentence(papers[pid].abstract, query) if evidence else "",
                          similarity=dense.get(pid), dense_rank=dense_rank.get(pid),
                          lexical_rank=lex_rank.get(pid))
                for pid in top if pid in papers]
        timings["total_ms"] = (time.perf_counter() - t0) * 1000
        return SearchResult(query=query, hits=hits, timings=timings)

    def _fill_similarities(self, qvec: Any, sims: dict[str, float],
                           paper_ids: Sequence[str]) -> None:
        """Add the best-chunk cosine similarity of each given paper to ``sims``.

        Uses the store's ``similarities(embedding, paper_ids)`` where it has one (a plain
        fetch of those papers' vectors), else a vector query restricted to those papers.
        """
        if not paper_ids:
            return
        direct = getattr(self.vectors, "similarities", None)
        if callable(direct):
            for pid, sim in direct(qvec, list(paper_ids)).items():
                sims[pid] = max(sims.get(pid, -2.0), float(sim))
            return
        for hit in self.vectors.query(qvec, len(paper_ids) * 4, list(paper_ids)):
            if hit.similarity > sims.get(hit.paper_id, -2.0):
                sims[hit.paper_id] = hit.similarity

    def _with_sentences(self, qvec: Any, chunk_sims: dict[str, float]) -> dict[str, float]:
        """Each paper's dense ranking score: best-chunk cosine mixed with best-sentence cosine.

        ``(1 - w) * chunk + w * sentence`` with ``w = sentence_weight``, for the papers the store
        has sentence vectors of; the others keep their chunk cosine. ``chunk_sims`` unchanged.
        """
        fetch = getattr(self.vectors, "sentence_similarities", None)
        if not callable(fetch) or not chunk_sims:
            return chunk_sims
        w = self.settings.sentence_weight
        sent = fetch(qvec, list(chunk_sims))
        return {p: (1.0 - w) * c + w * sent[p] if p in sent else c
                for p, c in chunk_sims.items()}

    def _with_tokens(self, query: str, scores: dict[str, float], papers: dict[str, Paper],
                     q: TokenVectors | None = None) -> dict[str, float]:
        """``scores`` plus ``token_weight`` times each paper's :func:`max_sim` with the query.

        A paper's tokens are those of its title-prefixed sentences (:mod:`rag.tokens`), as
        stored at ingest. Query tokens weigh by the idf of their word in the catalog;
        stopwords, question words and punctuation weigh nothing. On SciFact train (809
        queries) re-scoring the first 20 papers raises nDCG@10 from 0.750 to 0.760 (see README;
        uniform weights did worse). ``q``: the query's token vectors, if already computed.
        """
        q = q if q is not None else self.embedder.token_vectors([query])[0]
        n_docs = max(1, self.index.count())
        content = [w for w in q.words if re.search(r"[^\W_]", w) and w.lower() not in STOPWORDS]
        df = self.index.doc_frequencies({w.lower() for w in content})
        weights = np.array([math.log((n_docs + 1) / (df[w.lower()] + 0.5)) if w in content
                            else 0.0 for w in q.words])
        if not weights.sum():
            return scores
        weights /= weights.sum()
        docs = self._paper_tokens([papers[p] for p in scores if p in papers],
                                  q.vectors.shape[1])
        w = self.settings.token_weight
        return {p: sc + w * max_sim(q.vectors, docs[p], weights) if p in docs else sc
                for p, sc in scores.items()}

    def _paper_tokens(self, papers: Sequence[Paper], dim: int) -> dict[str, Any]:
        """Each paper's token vectors (n, dim): stored in the catalog, else from the cache,
        else encoded (one embedder call for all that are missing)."""
        packed = self.index.tokens([p.paper_id for p in papers])
        missing: list[Paper] = []
        for paper in papers:
            if paper.paper_id not in packed:
                cached = self.token_cache.get(paper)
                if cached is None:
                    missing.append(paper)
                else:
                    packed[paper.paper_id] = cached
        if missing:
            encoded = self.paper_tokens.encode(missing)
            for paper in missing:
                packed[paper.paper_id] = encoded[paper.paper_id]
                self.token_cache.put(paper, encoded[paper.paper_id])
        return {pid: unpack(bits, dim) for pid, bits in packed.items()}

    def similarities(self, query: str, paper_ids: Sequence[str]) -> dict[str, float]:
        """Dense similarity of the query to each given paper (best chunk)."""
        if not paper_ids:
            return {}
        qvec = self.embedder.embed([query])[0]
        direct = getattr(self.vectors, "similarities", None)
        if callable(direct):
            return {pid: float(sim) for pid, sim in direct(qvec, list(paper_ids)).items()}
        out: dict[str, float] = {}
        for hit in self.vectors.query(qvec, len(paper_ids) * 4, list(paper_ids)):
            out[hit.paper_id] = max(out.get(hit.paper_id, -2.0), hit.similarity)
        return out
