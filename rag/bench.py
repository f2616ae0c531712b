"""`paperchat bench`: the figures that say whether PaperChat is fast and lean enough, in one run.

Four parts, each printed beside its baseline, its target and a pass/fail verdict:

``search``  ``PaperChat.search(q, k=10)`` (query embedding, hybrid search, paper aggregation),
            p50/p95 over varied queries, at each store size.
``ingest``  ``PaperChat.ingest`` of N real papers into a fresh store, in papers/s, against
            ``MiniLMEmbedder.embed`` alone on exactly the chunk texts that ingest embedded, in
            the same groups (ratio: how much the store writes cost on top of embedding).
``ask``     time to the paper list, time to first token, tokens/s and prompt length, from
            ``Answer.timings``; every prompt the answerer sent (``Answerer.trace``) is replayed
            through raw llama-cpp-python on the same GGUF, with and without the same GBNF grammar.
``serve``   ``paperchat serve`` as a subprocess: cold start to the first HTTP 200, one question
            through ``gradio_client``, then peak RSS (VmHWM of the process and its children).

Stores. The demo size (29) is the bundled demo corpus; a size up to the number of papers in the
corpus files (7,486 for the two shared datasets) is a real ingest of the first papers; a larger
size is *synthetic*: the real store's papers plus varied copies of them. A copy reuses the
embeddings of the real chunks (read back from Chroma) plus Gaussian noise, renormalised (cosine
about 0.9 to the original), with its sentences rotated and "(copy j)" after its title, and the
original's stored token vectors; it is written through the store interfaces
(``VectorStore.upsert``, ``PaperIndex.put``, ``PaperIndex.put_tokens``), never through the
embedder. A cached store built before token vectors gets them (``PaperChat.backfill_tokens``)
when opened. Built stores are cached under ``<home>/bench-cache/<size>-<kind>-<key>/``, keyed by
the sources' bytes and everything that shapes them; ``rebuild=True`` builds them again.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import platform
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from rag.errors import InputError, PaperChatError
from rag.parsers import parse_file
from rag.pipeline import DEMO_DIR, PaperChat
from rag.retrieval import split_sentences
from rag.settings import Settings
from rag.types import Paper
from store.vector import row_id

__all__ = [
    "DEFAULT_CORPUS", "DEFAULT_SIZES", "PARTS", "QUERIES", "QUESTIONS", "BenchConfig",
    "BenchError", "BenchReport", "Row", "StoreInfo", "format_table", "open_store", "peak_rss_bytes",
    "run_bench",
]

ROOT = Path(__file__).resolve().parents[1]
_DATASETS = ROOT.parent / "shared" / "datasets"
DEFAULT_CORPUS: tuple[Path, ...] = (
    _DATASETS / "neurips2023-abstracts" / "neurips2023.jsonl",
    _DATASETS / "paperlists-ml-2023-2025" / "papers.jsonl",
)
DEFAULT_SIZES: tuple[int, ...] = (29, 7486, 100_000)
PARTS: tuple[str, ...] = ("search", "ingest", "ask", "serve")
SYNTH_VERSION = 2  # bump when the copy recipe changes (part of the cache key); 2: token vectors

QUERIES: tuple[str, ...] = (
    "zeroth-order optimization", "bilevel optimization", "diffusion models for image generation",
    "reinforcement learning from human feedback", "graph neural networks",
    "large language model compression", "federated learning privacy",
    "minimax optimization convergence", "backdoor attacks on neural networks",
    "neural operators for PDEs", "machine unlearning", "Nash equilibria in games",
    "quantum algorithms", "contrastive self-supervised learning", "Bayesian optimization",
    "causal inference from observational data", "robot manipulation policies",
    "vision transformers", "certified adversarial robustness", "sparse linear regression",
    "differential privacy", "in-context learning in transformers",
    "multi-armed bandit regret bounds", "Gaussian processes", "sycophancy in language models",
    "implicit bias of gradient descent", "offline reinforcement learning", "mixture of experts",
    "out-of-distribution detection", "how do transformers generalize to longer sequences?",
)
WARMUP_QUERIES: tuple[str, ...] = ("stochastic gradient descent", "which papers study LLM agents?")
QUESTIONS: tuple[str, ...] = (
    "Which papers study zeroth-order methods?",
    "Summarize the papers on bilevel optimization, with citations",
    "Which papers use diffusion models?",
    "What is known about minimax optimization?",
    "Explain how backdoor attacks are learned by neural networks",
)
WARMUP_QUESTION = "Which papers are about reinforcement learning?"

# targets: (operator, threshold)
SEARCH_P50_MS = ((7486, 150.0), (100_000, 400.0))  # up to this many papers: p50 at most ms
FIRST_TOKEN_MS = 1500.0
DECODE_RATIO = 0.95
INGEST_RATIO = 0.9
RSS_BYTES = 1_000_000_000
COLD_START_S = 10.0


class BenchError(PaperChatError):
    """The benchmark could not run (a server that does not come up, no corpus files)."""


# --------------------------------------------------------------------------- results

@dataclass
class Row:
    """One figure: its value, an optional baseline and ratio, and its target verdict."""

    part: str
    metric: str
    value: float
    unit: str
    baseline: float | None = None
    baseline_label: str = ""
    ratio: float | None = None
    target_op: str = ""          # "<=" or ">=" ("" = no target)
    target: float | None = None
    target_on: str = "value"     # "value" or "ratio"
    note: str = ""

    @property
    def passed(self) -> bool | None:
        if not self.target_op or self.target is None:
            return None
        x = self.ratio if self.target_on == "ratio" else self.value
        if x is None or not math.isfinite(x):
            return False
        return x <= self.target if self.target_op == "<=" else x >= self.target

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["passed"] = self.passed
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Row:
        return cls(**{k: v for k, v in data.items() if k != "passed"})


@dataclass
class StoreInfo:
    size: int
    kind: str          # "demo", "real" or "synthetic"
    home: Path
    papers: int
    chunks: int
    real_papers: int
    cached: bool
    build_s: float
    description: str

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["home"] = str(self.home)
        return out


@dataclass
class BenchReport:
    rows: list[Row] = field(default_factory=list)
    stores: list[StoreInfo] = field(default_factory=list)
    environment: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"environment": self.environment, "stores": [s.to_json() for s in self.stores],
                "rows": [r.to_json() for r in self.rows], "seconds": round(self.seconds, 1),
                "synthetic": any(s.kind == "synthetic" for s in self.stores)}


@dataclass
class BenchConfig:
    """What to run. ``quick()`` gives the small variant (a smoke check in about a minute)."""

    sizes: list[int] = field(default_factory=lambda: list(DEFAULT_SIZES))
    corpus: list[Path] = field(default_factory=lambda: list(DEFAULT_CORPUS))
    parts: list[str] = field(default_factory=lambda: list(PARTS))
    queries: int = 30
    ingest_papers: int = 400
    questions: int = 4
    max_tokens: int | None = None        # per answer (synthesis); None = settings
    reasons: int | None = None           # llm.reasons_generated for the ask part; None = settings
    cache_dir: Path | None = None        # None: <home>/bench-cache
    rebuild: bool = False
    noise: float = 0.025                 # per-dimension std of the noise added to copies
    seed: int = 0
    serve_timeout_s: float = 300.0
    config: str | None = None            # preset passed on to `paperchat serve`
    progress: bool = True
    log: Callable[[str], None] = field(default=lambda msg: print(msg, file=sys.stderr,
                                                                  flush=True))

    @classmethod
    def quick(cls, **kw: Any) -> BenchConfig:
        base: dict[str, Any] = {"sizes": [29], "queries": 10, "ingest_papers": 40,
                                "questions": 1, "reasons": 2, "max_tokens": 48}
        base.update({k: v for k, v in kw.items() if v is not None})
        return cls(**base)


# --------------------------------------------------------------------------- stores

def _sha1_files(paths: Sequence[str | Path]) -> str:
    h = hashlib.sha1()
    for path in paths:
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
        h.update(b"\x00")
    return h.hexdigest()


def _shape(settings: Settings) -> dict[str, Any]:
    """Everything besides the sources that decides what a store holds."""
    return {"embedding": settings.embedding.model_dump(exclude={"threads", "batch_size"}),
            "chunking": settings.chunking.model_dump(), "collection": settings.store.collection}


def _key(*parts: Any) -> str:
    return hashlib.sha1(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:12]


def _demo_files() -> list[Path]:
    return sorted(DEMO_DIR.glob("*.txt"))


def _read_papers(paths: Sequence[Path]) -> list[Paper]:
    """The corpus files' papers in order, one per id (as ingest would keep them)."""
    missing = [str(p) for p in paths if not Path(p).is_file()]
    if missing:
        raise InputError(f"{missing[0]}: no such file; pass the corpus with --corpus FILE "
                         "(default: ../shared/datasets/*/ *.jsonl)")
    papers: dict[str, Paper] = {}
    for path in paths:
        for paper in parse_file(path).papers:
            papers[paper.paper_id] = paper
    return list(papers.values())


class _Sources:
    """Corpus papers, parsed once, and the sizes they make real or synthetic."""

    def __init__(self, corpus: Sequence[Path]) -> None:
        self.corpus = [Path(p) for p in corpus]
        self._papers: list[Paper] | None = None
        self._hash: str | None = None
        self.demo = [p for f in _demo_files() for p in parse_file(f).papers]

    @property
    def papers(self) -> list[Paper]:
        if self._papers is None:
            self._papers = _read_papers(self.corpus)
        return self._papers

    @property
    def corpus_hash(self) -> str:
        if self._hash is None:
            self._hash = _sha1_files(self.corpus)
        return self._hash

    def kind(self, size: int) -> str:
        if size == len(self.demo):
            return "demo"
        return "real" if size <= len(self.papers) else "synthetic"


class _FreshIds:
    """A sqlite3 connection for :meth:`PaperIndex.put` of ids known to be new: the per-paper
    ``DELETE ... WHERE paper_id = ?`` that ``put`` starts with is skipped (on the FTS5 table it
    is a full scan, which makes 100,000 puts quadratic); every other statement is passed on."""

    def __init__(self, db: Any) -> None:
        self._db = db

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        if sql.lstrip().upper().startswith("DELETE FROM") and "WHERE PAPER_ID = ?" in sql.upper():
            return None
        return self._db.execute(sql, params)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._db, name)


def _chunks_by_paper(chat: PaperChat) -> dict[str, list[tuple[int, np.ndarray, str]]]:
    """Every chunk of a store, read back from Chroma: paper id -> [(chunk no, embedding, text)]."""
    collection = chat.vectors.collection  # type: ignore[attr-defined]
    total = collection.count()
    out: dict[str, list[tuple[int, np.ndarray, str]]] = {}
    for offset in range(0, total, 2000):
        got = collection.get(include=["embeddings", "documents", "metadatas"], limit=2000,
                             offset=offset)
        embs = np.asarray(got["embeddings"], dtype=np.float32)
        for emb, doc, meta in zip(embs, got["documents"], got["metadatas"]):
            out.setdefault(str(meta["paper_id"]), []).append((int(meta.get("chunk", 0)), emb,
                                                               doc or ""))
    for chunks in out.values():
        chunks.sort(key=lambda c: c[0])
    return out


def _rotate(text: str, j: int) -> str:
    sentences = split_sentences(text)
    if len(sentences) < 2:
        return text
    r = j % len(sentences)
    return " ".join(sentences[r:] + sentences[:r])


def _copy_paper(paper: Paper, j: int) -> Paper:
    suffix = f" (copy {j})"
    return paper.model_copy(update={
        "paper_id": f"{paper.paper_id}~{j}", "title": paper.title + suffix if paper.title else "",
        "label": (paper.title + suffix) if paper.title else paper.label + suffix,
        "abstract": _rotate(paper.abstract, j), "source": "bench: synthetic copy"})


def _copy_chunk(doc: str, copy: Paper, j: int) -> str:
    _, _, body = doc.partition("\n")
    return f"{copy.title or copy.label}.\n{_rotate(body, j)}"


def _build_synthetic(chat: PaperChat, base: PaperChat, size: int, cfg: BenchConfig) -> int:
    """Fill an empty store with the base store's papers and noisy, reworded copies of them."""
    from tqdm import tqdm

    rng = np.random.default_rng(cfg.seed)
    chunks = _chunks_by_paper(base)
    originals = [p for p in base.index.all_papers() if p.paper_id in chunks]
    tokens = base.index.tokens([p.paper_id for p in originals])
    if not originals:
        raise BenchError("the base store holds no papers to copy")

    def papers() -> Iterator[tuple[Paper, list[tuple[int, np.ndarray, str]], str]]:
        """(paper, its chunks, the id of the original it copies)"""
        for p in originals:
            yield p, chunks[p.paper_id], p.paper_id
        j = 0
        while True:
            j += 1
            for p in originals:
                copy = _copy_paper(p, j)
                noisy = []
                for n, emb, doc in chunks[p.paper_id]:
                    e = emb + rng.standard_normal(emb.shape[0], dtype=np.float32) * cfg.noise
                    noisy.append((n, e / max(float(np.linalg.norm(e)), 1e-12),
                                  _copy_chunk(doc, copy, j)))
                yield copy, noisy, p.paper_id

    n_chunks = 0
    bar = tqdm(total=size, unit="paper", desc=f"synthesising {size:,}", disable=not cfg.progress,
               dynamic_ncols=True, file=sys.stderr)
    stream = papers()
    try:
        done = 0
        while done < size:
            batch = [next(stream) for _ in range(min(1000, size - done))]
            ids = [row_id(p.paper_id, n) for p, cs, _ in batch for n, _, _ in cs]
            embs = np.stack([e for _, cs, _ in batch for _, e, _ in cs]).astype(np.float32)
            docs = [d for _, cs, _ in batch for _, _, d in cs]
            metas = [{"paper_id": p.paper_id, "chunk": n} for p, cs, _ in batch for n, _, _ in cs]
            for s in range(0, len(ids), 2000):
                chat.vectors.upsert(ids[s:s + 2000], embs[s:s + 2000], docs[s:s + 2000],
                                    metas[s:s + 2000])
            with chat.index.transaction() as db:
                fresh = _FreshIds(db)
                for paper, _, _ in batch:
                    chat.index.put(fresh, paper)  # type: ignore[arg-type]
                chat.index.put_tokens(db, {p.paper_id: tokens[orig] for p, _, orig in batch
                                           if orig in tokens})
            n_chunks += len(ids)
            done += len(batch)
            bar.update(len(batch))
    finally:
        bar.close()
    return n_chunks


def _store_dir(cfg: BenchConfig, settings: Settings) -> Path:
    return Path(cfg.cache_dir) if cfg.cache_dir else Path(settings.home) / "bench-cache"


def _store_settings(settings: Settings, home: Path) -> Settings:
    s = settings.model_copy(update={"home": home})
    s.store = settings.store.model_copy(update={"mode": "persistent"})
    return s


def open_store(settings: Settings, size: int, cfg: BenchConfig, *, embedder: Any,
               sources: Any = None, llm: Any = None,
               _seen: dict[int, StoreInfo] | None = None) -> tuple[PaperChat, StoreInfo]:
    """A PaperChat over the cached bench store of ``size`` papers, built first if needed."""
    src: _Sources = sources or _Sources(cfg.corpus)
    kind = src.kind(size)
    shape = _shape(settings)
    if kind == "demo":
        key = _key("demo", _sha1_files(_demo_files()), shape)
    elif kind == "real":
        key = _key("real", size, src.corpus_hash, shape)
    else:
        key = _key("synthetic", size, src.corpus_hash, shape, cfg.noise, cfg.seed, SYNTH_VERSION)
    home = _store_dir(cfg, settings) / f"{size}-{kind}-{key}"
    marker = home / "bench-store.json"
    if (cfg.rebuild and (_seen is None or size not in _seen)) or not marker.is_file():
        shutil.rmtree(home, ignore_errors=True)
    if marker.is_file():
        info = StoreInfo(**{**json.loads(marker.read_text()), "home": home, "cached": True})
        if _seen is not None:
            _seen[size] = info
        chat = PaperChat(_store_settings(settings, home), embedder=embedder, llm=llm)
        chat.backfill_tokens(progress=cfg.progress)  # a store cached before token vectors
        return chat, info

    chat = PaperChat(_store_settings(settings, home), embedder=embedder, llm=llm)
    t0 = time.perf_counter()
    real = size
    if kind == "demo":
        cfg.log(f"building the {size}-paper store: the demo corpus, real ingest")
        report = chat.ingest([*_demo_files()], progress=cfg.progress)
        chunks, desc = report.chunks, "demo corpus (rag/data/demo), real ingest"
    elif kind == "real":
        rate = 8 if settings.chunking.sentence_vectors else 22  # papers/s measured on 2 cores
        cfg.log(f"building the {size:,}-paper store: real ingest (about "
                f"{size / rate / 60:.0f} min on 2 cores, once, then cached)")
        if size == len(src.papers):
            report = chat.ingest([*src.corpus], progress=cfg.progress)
        else:
            report = chat.ingestor.ingest_papers(src.papers[:size], progress=cfg.progress)
        names = ", ".join(p.name for p in src.corpus)
        chunks = report.chunks
        desc = (f"real ingest of {names}" if size == len(src.papers)
                else f"real ingest of the first {size:,} papers of {names}")
    else:
        n_real = len(src.papers)
        base, _ = open_store(settings, n_real, cfg, embedder=embedder, sources=src, _seen=_seen)
        cfg.log(f"building the {size:,}-paper store: {n_real:,} real papers + "
                f"{size - n_real:,} synthetic copies (embeddings reused + noise, not embedded)")
        try:
            chunks = _build_synthetic(chat, base, size, cfg)
        finally:
            base.close()
        real = n_real
        desc = (f"{n_real:,} real papers + {size - n_real:,} synthetic copies (real chunk "
                f"embeddings + N(0, {cfg.noise}^2) noise, renormalised; sentence order rotated, "
                "'(copy j)' title suffix; written through the store interfaces, not embedded)")
    info = StoreInfo(size=size, kind=kind, home=home, papers=chat.index.count(), chunks=chunks,
                     real_papers=min(real, chat.index.count()), cached=False,
                     build_s=round(time.perf_counter() - t0, 1), description=desc)
    marker.write_text(json.dumps({k: v for k, v in info.to_json().items()
                                  if k not in {"home", "cached"}}, indent=2))
    if _seen is not None:
        _seen[size] = info
    return chat, info


# --------------------------------------------------------------------------- statistics

def _pct(values: Sequence[float], q: float) -> float:
    return float(np.percentile(np.asarray(values, dtype=np.float64), q)) if values else math.nan


def _median(values: Sequence[float]) -> float:
    return float(statistics.median(values)) if values else math.nan


def _search_target(size: int) -> float | None:
    for limit, ms in SEARCH_P50_MS:
        if size <= limit:
            return ms
    return None


# --------------------------------------------------------------------------- search

def bench_search(chat: PaperChat, info: StoreInfo, queries: Sequence[str]) -> list[Row]:
    """p50/p95 of ``PaperChat.search(q, k=10)`` over ``queries`` (after two warm-up queries)."""
    for q in WARMUP_QUERIES:
        chat.search(q, k=10)
    totals: list[float] = []
    parts: dict[str, list[float]] = {"embed_ms": [], "dense_ms": [], "lexical_ms": []}
    for q in queries:
        t = time.perf_counter()
        result = chat.search(q, k=10)
        totals.append((time.perf_counter() - t) * 1000)
        for name, values in parts.items():
            values.append(result.timings.get(name, 0.0))
    where = f"@ {info.papers:,}" + (" (synthetic copies)" if info.kind == "synthetic" else "")
    split = ", ".join(f"{k.removesuffix('_ms')} {_median(v):.1f}" for k, v in parts.items())
    target = _search_target(info.papers)
    return [
        Row("search", f"paper list p50 {where}", _pct(totals, 50), "ms",
            target_op="<=" if target else "", target=target,
            note=f"{len(queries)} queries, k=10; medians ms: {split}"),
        Row("search", f"paper list p95 {where}", _pct(totals, 95), "ms"),
    ]


# --------------------------------------------------------------------------- ingest

def _first_papers(src: Path, n: int, work: Path) -> Path:
    """A JSONL file of the first ``n`` papers of ``src``: its own lines when it is JSONL (so
    ingest parses the real records), else the parsed papers written as JSONL records."""
    dest = work / f"{src.stem}-first{n}.jsonl"
    if src.suffix.lower() == ".jsonl":
        lines: list[str] = []
        with open(src, encoding="utf-8-sig") as f:
            for line in f:
                if line.strip():
                    lines.append(line.rstrip("\n"))
                if len(lines) >= n:
                    break
    else:
        lines = [json.dumps({"id": p.paper_id, "title": p.title, "authors": p.authors,
                             "abstract": p.abstract, "keywords": p.keywords,
                             "primary_area": p.area, "venue": p.venue, "year": p.year,
                             "url": p.url, "tldr": p.tldr}, ensure_ascii=False)
                 for p in parse_file(src).papers[:n]]
    dest.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return dest


def bench_ingest(settings: Settings, cfg: BenchConfig, embedder: Any) -> list[Row]:
    """Ingest N real papers into a fresh store vs. the embedder alone on the same texts (chunks
    and, with sentence vectors on, sentences)."""
    src = Path(cfg.corpus[0])
    if not src.is_file():
        raise InputError(f"{src}: no such file; pass the corpus with --corpus FILE")
    base = _store_dir(cfg, settings)
    base.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="ingest-", dir=base))
    try:
        subset = _first_papers(src, cfg.ingest_papers, work)
        chat = PaperChat(_store_settings(settings, work / "store"), embedder=embedder)
        try:
            chat.index.count()
            chat.vectors.count()  # open both stores before the clock starts
            ingestor = chat.ingestor
            papers = list({p.paper_id: p for p in parse_file(subset).papers}.values())
            groups = [ingestor.texts(batch) for batch in ingestor.batches(papers)]
            embedder.embed(groups[0][:embedder.batch_size] if groups else ["warm up"])

            def embed_alone() -> float:
                t = time.perf_counter()
                for texts in groups:
                    embedder.embed(texts)
                return time.perf_counter() - t

            before = embed_alone()
            t = time.perf_counter()
            report = chat.ingest([subset], progress=False)
            ingest_s = time.perf_counter() - t
            embed_s = (before + embed_alone()) / 2
        finally:
            chat.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    n_chunks = sum(len(g) for g in groups)
    ingest_rate = report.indexed / ingest_s if ingest_s > 0 else math.nan
    embed_rate = len(papers) / embed_s if embed_s > 0 else math.nan
    return [Row("ingest", f"ingest {report.indexed} papers ({n_chunks} texts)", ingest_rate,
                "papers/s", baseline=embed_rate, baseline_label="embedder alone",
                ratio=ingest_rate / embed_rate, target_op=">=", target=INGEST_RATIO,
                target_on="ratio",
                note=f"{src.name}, fresh store; embed groups of {ingestor.batch_size} papers, "
                     f"ONNX batch {embedder.batch_size}; in-ingest embedding "
                     f"{report.embed_seconds:.1f} s of {ingest_s:.1f} s")]


# --------------------------------------------------------------------------- ask

@dataclass
class _Call:
    messages: list[dict[str, str]]
    max_tokens: int
    temperature: float
    grammar: str | None
    stop: tuple[str, ...]
    start: float
    first: float | None = None
    last: float = 0.0
    end: float = 0.0
    tokens: int = 0


class _RecordingLLM:
    """The pipeline's own LLM, with each stream_chat call's arguments and clock recorded."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.calls: list[_Call] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def stream_chat(self, messages: Sequence[dict[str, str]], *, max_tokens: int,
                    temperature: float, grammar: str | None = None,
                    stop: Sequence[str] = ()) -> Iterator[str]:
        call = _Call([dict(m) for m in messages], max_tokens, temperature, grammar, tuple(stop),
                     time.perf_counter())
        self.calls.append(call)
        for piece in self.inner.stream_chat(messages, max_tokens=max_tokens,
                                            temperature=temperature, grammar=grammar, stop=stop):
            now = time.perf_counter()
            if call.first is None:
                call.first = now
            call.last = now
            call.tokens += 1
            yield piece
        call.end = time.perf_counter()


@dataclass
class _Gen:
    """Generation figures over the prompts of one answer."""

    tokens: int
    seconds: float          # call start to stream end, summed (prefill included)
    decode_tokens: int      # tokens after each prompt's first
    decode_s: float         # first token to last token, summed
    first_token_s: float    # first prompt: call start to its first token

    @property
    def tokens_per_s(self) -> float:
        return self.tokens / self.seconds if self.seconds > 0 else math.nan

    @property
    def decode_per_s(self) -> float:
        return self.decode_tokens / self.decode_s if self.decode_s > 0 else math.nan


def _gen(calls: Sequence[_Call]) -> _Gen:
    timed = [c for c in calls if c.first is not None]
    first = calls[0] if calls else None
    return _Gen(tokens=sum(c.tokens for c in calls),
                seconds=sum(c.end - c.start for c in calls),
                decode_tokens=sum(c.tokens - 1 for c in timed),
                decode_s=sum(c.last - c.first for c in timed if c.first is not None),
                first_token_s=(first.first - first.start) if first and first.first else math.nan)


def _replay(raw: Any, calls: Sequence[_Call], trace: Sequence[list[dict[str, str]]], *,
            grammar: bool, repeat_penalty: float, seed: int) -> list[_Call]:
    """The same prompts through raw llama-cpp-python's create_chat_completion(stream=True)."""
    from llama_cpp import LlamaGrammar

    out = []
    for messages, call in zip(trace, calls):
        g = (LlamaGrammar.from_string(call.grammar, verbose=False)
             if grammar and call.grammar else None)
        rec = _Call(messages, call.max_tokens, call.temperature, call.grammar if g else None,
                    call.stop, time.perf_counter())
        stream = raw.create_chat_completion(
            messages=messages, max_tokens=call.max_tokens, temperature=call.temperature,
            stream=True, grammar=g, repeat_penalty=repeat_penalty, seed=seed,
            stop=list(call.stop) or None)
        for chunk in stream:
            if chunk["choices"][0]["delta"].get("content"):
                now = time.perf_counter()
                if rec.first is None:
                    rec.first = now
                rec.last = now
                rec.tokens += 1
        rec.end = time.perf_counter()
        out.append(rec)
    return out


def bench_ask(chat: PaperChat, info: StoreInfo, cfg: BenchConfig,
              recorder: _RecordingLLM) -> list[Row]:
    """Pipeline figures from ``Answer.timings``; the same prompts replayed through raw llama.cpp."""
    from rag.answer import DoneEvent

    s = chat.settings
    options: dict[str, Any] = {}
    if cfg.max_tokens is not None:
        options["max_tokens"] = cfg.max_tokens
    if cfg.reasons is not None:
        options["reasons_generated"] = cfg.reasons
    raw_ok = s.llm.backend == "llama-cpp"

    def ask(question: str) -> tuple[Any, list[_Call], list[list[dict[str, str]]]]:
        answerer = chat.answerer(**options)
        since = len(recorder.calls)
        events = list(answerer.ask(question))
        done = [e for e in events if isinstance(e, DoneEvent)]
        calls = recorder.calls[since:]
        if len(calls) != len(answerer.trace):
            raise BenchError("the answerer's trace does not match the LLM calls it made")
        return done[-1].answer, calls, answerer.trace

    _, warm_calls, warm_trace = ask(WARMUP_QUESTION)  # loads the model
    raw: Any = None
    if raw_ok:
        import llama_cpp

        from models.registry import resolve_gguf

        path = resolve_gguf(s.llm.model, s.models_dir)
        threads = s.llm.n_threads or (os.cpu_count() or 1)
        raw = llama_cpp.Llama(model_path=str(path), n_ctx=s.llm.n_ctx, n_threads=threads,
                              n_threads_batch=threads, n_gpu_layers=s.llm.n_gpu_layers,
                              seed=s.llm.seed, verbose=False)
        _replay(raw, warm_calls, warm_trace, grammar=True, repeat_penalty=s.llm.repeat_penalty,
                seed=s.llm.seed)
    measured: list[dict[str, Any]] = []
    for question in QUESTIONS[:max(1, cfg.questions)]:
        answer, calls, trace = ask(question)
        if not calls:
            measured.append({"question": question, "refused": answer.refused})
            continue
        row: dict[str, Any] = {"question": question, "timings": answer.timings,
                               "prompts": len(calls), "pipe": _gen(calls)}
        if raw is not None:
            for key, grammar in (("raw", False), ("raw_g", True)):
                row[key] = _gen(_replay(raw, calls, trace, grammar=grammar,
                                        repeat_penalty=s.llm.repeat_penalty, seed=s.llm.seed))
        measured.append(row)
    if raw is not None:
        raw.close()
    gen = [m for m in measured if "pipe" in m]
    if not gen:
        raise BenchError("no question produced generated text: the store answers none of "
                         f"{list(QUESTIONS[:cfg.questions])}")
    where = f"@ {info.papers:,}, median of {len(gen)} question(s)"

    def med(f: Callable[[dict[str, Any]], float]) -> float:
        return _median([f(m) for m in gen])

    tps = med(lambda m: m["timings"]["tokens_per_s"])
    rows = [
        Row("ask", f"time to paper list {where}", med(lambda m: m["timings"]["retrieve_ms"]),
            "ms", note="answer.timings.retrieve_ms: plan + relevant papers, before generation"),
        Row("ask", "first token (question -> 1st token)",
            med(lambda m: m["timings"].get("first_token_ms", math.nan)), "ms",
            baseline=med(lambda m: m["raw_g"].first_token_s * 1000) if raw else None,
            baseline_label="raw, same 1st prompt + grammar",
            target_op="<=", target=FIRST_TOKEN_MS),
    ]
    for key, label, short in (("raw", "raw llama-cpp-python, no grammar", "raw"),
                              ("raw_g", "raw llama-cpp-python, same GBNF grammar",
                               "raw + grammar")):
        if raw is None:
            break
        raw_gen: list[_Gen] = [m[key] for m in gen]
        rows.append(Row(
            "ask", f"tokens/s vs {label}", tps, "tok/s",
            baseline=_median([g.tokens_per_s for g in raw_gen]), baseline_label=short,
            ratio=_median([m["timings"]["tokens_per_s"] / g.tokens_per_s
                           for m, g in zip(gen, raw_gen)]),
            target_op=">=", target=DECODE_RATIO, target_on="ratio",
            note="completion tokens / generation time incl. each prompt's prefill (the "
                 "definition of answer.timings.tokens_per_s); raw completion tokens "
                 f"{_median([g.tokens for g in raw_gen]):.0f} vs pipeline "
                 f"{med(lambda m: m['timings']['completion_tokens']):.0f}"))
    if raw is not None:
        rows.append(Row(
            "ask", "decode-only tok/s (after 1st token) vs raw + grammar",
            med(lambda m: m["pipe"].decode_per_s), "tok/s",
            baseline=med(lambda m: m["raw_g"].decode_per_s),
            baseline_label="raw + grammar",
            ratio=med(lambda m: m["pipe"].decode_per_s / m["raw_g"].decode_per_s),
            note="measured at the LLM interface (stream_chat), informational"))
    rows.append(Row("ask", "prompt tokens per answer", med(
        lambda m: m["timings"]["prompt_tokens"]), "tokens",
        note=f"message tokens summed over the answer's prompts (median "
             f"{med(lambda m: m['prompts']):.0f} prompts); model {recorder.name}"))
    return rows


# --------------------------------------------------------------------------- serve

def _descendants(pid: int) -> list[int]:
    out: list[int] = []
    todo = [pid]
    while todo:
        p = todo.pop()
        for task in Path(f"/proc/{p}/task").glob("*/children"):
            try:
                kids = [int(x) for x in task.read_text().split()]
            except OSError:
                continue
            out += kids
            todo += kids
    return out


def peak_rss_bytes(pid: int) -> int:
    """Peak resident set size (VmHWM) of ``pid`` plus its descendants, in bytes (Linux)."""
    total = 0
    for p in [pid, *_descendants(pid)]:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            continue
    return total


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def bench_serve(info: StoreInfo, cfg: BenchConfig, question: str) -> list[Row]:
    """Cold start, one /ask through gradio_client, then peak RSS of `paperchat serve`."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}/"
    env = dict(os.environ, PAPERCHAT_HOME=str(info.home))
    cmd = [sys.executable, "-m", "rag.cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
    if cfg.config:
        cmd += ["--config", cfg.config]
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback, no proxy
    log_path = info.home.parent / f"serve-{port}.log"
    with open(log_path, "w+", encoding="utf-8") as log:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL)
        try:
            while True:
                try:
                    with opener.open(url, timeout=2) as r:
                        if r.status == 200:
                            break
                except OSError:
                    pass
                if proc.poll() is not None or time.perf_counter() - t0 > cfg.serve_timeout_s:
                    log.seek(0)
                    tail = log.read()[-1500:]
                    raise BenchError(f"`paperchat serve` did not answer on {url} within "
                                     f"{cfg.serve_timeout_s:.0f} s (exit {proc.poll()}): {tail}")
                time.sleep(0.05)
            cold_s = time.perf_counter() - t0
            from gradio_client import Client

            t = time.perf_counter()
            client = Client(url, verbose=False)
            result = client.predict(question, api_name="/ask")
            ask_s = time.perf_counter() - t
            client.close()
            if not isinstance(result, dict) or "answer" not in result:
                raise BenchError(f"/ask returned {str(result)[:200]!r}, not an answer")
            rss = peak_rss_bytes(proc.pid)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    log_path.unlink(missing_ok=True)
    where = f"@ {info.papers:,}" + (" (synthetic copies)" if info.kind == "synthetic" else "")
    return [
        Row("serve", f"peak RSS {where}", rss / 1e6, "MB", target_op="<=", target=RSS_BYTES / 1e6,
            note="VmHWM of `paperchat serve` + children after one /ask; default model"),
        Row("serve", "cold start -> first HTTP 200", cold_s, "s", target_op="<=",
            target=COLD_START_S, note="process start to GET / == 200"),
        Row("serve", "one /ask via gradio_client", ask_s, "s",
            note="includes loading the LLM on first use"),
    ]


# --------------------------------------------------------------------------- the run

def _environment(settings: Settings, embedder: Any) -> dict[str, Any]:
    env: dict[str, Any] = {"cpus": os.cpu_count(), "python": platform.python_version(),
                           "machine": platform.machine(), "llm": settings.llm.model,
                           "embedder": f"{settings.embedding.model} "
                                       f"({Path(getattr(embedder, 'model_path', '')).name})",
                           "load_avg_1m": round(os.getloadavg()[0], 2)}
    try:
        from models.registry import resolve_gguf

        env["llm_file"] = str(resolve_gguf(settings.llm.model, settings.models_dir))
        import llama_cpp

        env["llama_cpp_python"] = llama_cpp.__version__
    except (PaperChatError, ImportError):
        pass
    return env


def run_bench(settings: Settings, cfg: BenchConfig) -> BenchReport:
    """Run the selected parts and return every figure; stores are built or reused from cache."""
    bad = [p for p in cfg.parts if p not in PARTS]
    if bad:
        raise InputError(f"unknown bench part {bad[0]!r}: choose from {', '.join(PARTS)}")
    if not cfg.sizes or any(n < 1 for n in cfg.sizes):
        raise InputError("--sizes needs positive paper counts, e.g. 29,7486,100000")
    t_start = time.perf_counter()
    embedder = PaperChat(settings).embedder
    report = BenchReport(environment=_environment(settings, embedder))
    sources = _Sources(cfg.corpus)
    seen: dict[int, StoreInfo] = {}
    kinds = {n: sources.kind(n) for n in cfg.sizes}
    real_sizes = [n for n in cfg.sizes if kinds[n] != "synthetic"]
    main_size = max(real_sizes) if real_sizes else len(sources.papers)

    def store(size: int, llm: Any = None) -> tuple[PaperChat, StoreInfo]:
        chat, info = open_store(settings, size, cfg, embedder=embedder, sources=sources, llm=llm,
                                _seen=seen)
        if all(s.size != info.size for s in report.stores):
            report.stores.append(info)
        seen[size] = info
        return chat, info

    queries = [QUERIES[i % len(QUERIES)] for i in range(cfg.queries)]
    for size in sorted(set(cfg.sizes)):
        chat, info = store(size)
        try:
            if "search" in cfg.parts:
                cfg.log(f"search: {len(queries)} queries @ {info.papers:,} papers")
                report.rows += bench_search(chat, info, queries)
        finally:
            chat.close()
    if "ingest" in cfg.parts:
        cfg.log(f"ingest: {cfg.ingest_papers} papers vs the embedder alone")
        report.rows += bench_ingest(settings, cfg, embedder)
    if "ask" in cfg.parts:
        from models.llm import load_llm

        recorder = _RecordingLLM(load_llm(settings))
        chat, info = store(main_size, llm=recorder)
        cfg.log(f"ask: {cfg.questions} question(s) @ {info.papers:,} papers, replayed through "
                "raw llama-cpp-python")
        try:
            report.rows += bench_ask(chat, info, cfg, recorder)
        finally:
            chat.close()
    if "serve" in cfg.parts:
        chat, info = store(main_size)
        chat.close()
        cfg.log(f"serve: cold start and peak RSS @ {info.papers:,} papers")
        report.rows += bench_serve(info, cfg, QUESTIONS[0])
    report.seconds = time.perf_counter() - t_start
    return report


# --------------------------------------------------------------------------- output

def _fmt(x: float | None, unit: str = "") -> str:
    if x is None:
        return ""
    if not math.isfinite(x):
        return "n/a"
    text = f"{x:,.0f}" if abs(x) >= 100 else f"{x:.1f}" if abs(x) >= 10 else f"{x:.2f}"
    return f"{text} {unit}".strip()


def format_table(report: BenchReport | dict[str, Any]) -> str:
    """The report as a plain-text table (from a BenchReport or its JSON)."""
    data = report.to_json() if isinstance(report, BenchReport) else report
    rows = [Row.from_json(r) for r in data["rows"]]
    env = data.get("environment", {})
    lines = [f"PaperChat bench: {env.get('cpus', '?')} CPUs, load {env.get('load_avg_1m', '?')}, "
             f"LLM {env.get('llm', '?')}, embedder {env.get('embedder', '?')}"]
    for s in data.get("stores", []):
        lines.append(f"  store {s['size']:>7,}: {s['papers']:,} papers, {s['chunks']:,} chunks; "
                     f"{s['description']}" + (" [cached]" if s.get("cached") else
                                              f" [built in {s['build_s']:.0f} s]"))
    if data.get("synthetic"):
        lines.append("  (synthetic copies: a stand-in for real papers at that size; the search "
                     "figures there are indicative)")
    table = [("part", "metric", "value", "baseline", "ratio", "target", "result")]
    for r in rows:
        base = f"{_fmt(r.baseline, r.unit)} ({r.baseline_label})" if r.baseline is not None else ""
        target = ""
        if r.target_op and r.target is not None:
            target = (f"{r.target_op} {r.target:g}x" if r.target_on == "ratio"
                      else f"{r.target_op} {_fmt(r.target, r.unit)}")
        verdict = {True: "PASS", False: "FAIL", None: ""}[r.passed]
        ratio = f"{r.ratio:.2f}x" if r.ratio is not None and math.isfinite(r.ratio) else (
            "n/a" if r.ratio is not None else "")
        table.append((r.part, r.metric, _fmt(r.value, r.unit), base, ratio, target, verdict))
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    lines.append("")
    for n, row in enumerate(table):
        lines.append("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    notes = [(r.metric, r.note) for r in rows if r.note]
    if notes:
        lines.append("")
        lines += [f"  {m}: {n}" for m, n in notes]
    lines.append(f"\n({data.get('seconds', 0):.0f} s)")
    return "\n".join(lines)
