"""The paper catalog and lexical index: one SQLite file beside the Chroma store.

Tables: ``papers`` (one row per paper: fingerprint and the paper as JSON, filter columns),
``papers_fts`` (FTS5, porter stemming; title and label weigh more than the abstract; the text
in American spelling, as every question is read: :mod:`rag.spelling`),
``acronyms`` (definitions like "zeroth-order (ZO)" found in abstracts, for query expansion) and
``pending`` (papers whose Chroma chunks may disagree with this catalog: written before Chroma is
touched and cleared in the same transaction that commits the catalog rows; see rag.ingest) and
``tokens`` (each paper's packed token vectors, :mod:`rag.tokens`, written with the paper and
deleted with it, so a stored row always belongs to the paper as it is now).
"""

from __future__ import annotations

import json
import logging
import math
import re
import sqlite3
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from rapidfuzz import process
from rapidfuzz.distance import OSA

from rag.errors import StoreError
from rag.institutions import (
    ALL_OF,
    fold,
    institution_candidates,
    looks_like_institution,
    name_parts,
    name_pattern,
)
from rag.spelling import american
from rag.textnorm import (
    YEAR,
    Abbreviation,
    Acronyms,
    acronym_definitions,
    fts_concepts,
    fts_literal,
    fts_phrase,
    fts_query,
    index_terms,
    phrase_splits,
    singular,
    spelled_out,
    split_groups_written,
    topic_abbreviations,
    writes,
)
from rag.types import Paper

__all__ = ["STATUS_WORDS", "LexicalHit", "PaperIndex"]

log = logging.getLogger("paperchat.store")

# Bump when the FTS layout, rag.textnorm.index_terms, rag.textnorm.acronym_definitions,
# rag.textnorm.WORD_SPLITS, rag.spelling or _as_indexed changes: an index with another version
# has its FTS rows, acronyms and split-word groups rebuilt from the catalog when opened
# (PaperIndex._migrate).
SCHEMA_VERSION = "18"

# bm25 column weights: title, label, keywords, abstract, expansions, authors
BM25_WEIGHTS = (4.0, 3.0, 2.0, 1.0, 1.0, 2.0)

_FTS_SCHEMA = """
CREATE VIRTUAL TABLE IF NOT EXISTS papers_fts USING fts5(
    paper_id UNINDEXED, title, label, keywords, abstract, expansions, authors,
    tokenize = 'porter unicode61 remove_diacritics 2'
);
"""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS papers (
    paper_id TEXT PRIMARY KEY,
    fingerprint TEXT NOT NULL,
    data TEXT NOT NULL,
    area TEXT NOT NULL DEFAULT '',
    venue TEXT NOT NULL DEFAULT '',
    year INTEGER,
    authors TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT '',
    affiliations TEXT NOT NULL DEFAULT '',
    session TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS pending (paper_id TEXT PRIMARY KEY);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tokens (paper_id TEXT PRIMARY KEY, bits BLOB NOT NULL);
"""

# acronym and expansion in lower case; written: the acronym as the abstract writes it ("NeRF")
_ACRONYMS_SCHEMA = """
CREATE TABLE IF NOT EXISTS acronyms (
    acronym TEXT NOT NULL, expansion TEXT NOT NULL, paper_id TEXT NOT NULL,
    written TEXT NOT NULL,
    PRIMARY KEY (acronym, expansion, paper_id)
);
CREATE INDEX IF NOT EXISTS acronyms_paper ON acronyms (paper_id);
"""

# the groups of words Porter stemming takes for others each paper writes
# (rag.textnorm.split_groups_written), in its title or not
_SPLITS_SCHEMA = """
CREATE TABLE IF NOT EXISTS splits (
    grp TEXT NOT NULL, paper_id TEXT NOT NULL, in_title INTEGER NOT NULL,
    PRIMARY KEY (grp, paper_id)
);
CREATE INDEX IF NOT EXISTS splits_paper ON splits (paper_id);
"""


def _same_stem(word: str, others: Sequence[str]) -> list[str]:
    """Those of ``others`` Porter stemming, as the keyword index reads words, takes for
    ``word`` ("reinforcement" for "reinforcment"; not "formalize" for "normalize"), in one
    scratch table."""
    if not others:
        return []
    with closing(sqlite3.connect(":memory:")) as db:
        db.execute("CREATE VIRTUAL TABLE w USING fts5(t, tokenize='porter unicode61')")
        db.executemany("INSERT INTO w (rowid, t) VALUES (?, ?)", enumerate(others))
        found = {i for (i,) in db.execute("SELECT rowid FROM w WHERE w MATCH ?", (f'"{word}"',))}
    return [other for i, other in enumerate(others) if i in found]


# a long question word one paper writes as typed is a typo of a word this many papers write
# (PaperIndex.respelled: "reinforcment", "preferances")
_TYPO_LETTERS = 8
_TYPO_COMMON = 20
# ... and a word papers write hyphenated this many times as often as joined is read so
# ("multiagent": "multi-agent")
_HYPHENATED_OVER = 5
# The words a status is named by (where the catalog's statuses hold them), as a regex group.
STATUS_WORDS = "oral|spotlight|poster"
# A status as questions name it: "accepted as (an) oral(s) (presentation)", "oral papers" (the
# word only: "papers" stays), "spotlight talks" (rag.answer reads "orals" as "oral papers"
# first; a status word on its own, "oral health", is a topic)
_STATUS_WORDS = re.compile(
    rf"\b(?:accepted|presented|selected)\s+(?:as|for)\s+(?:an?\s+)?(?P<word>{STATUS_WORDS})s?"
    r"(?:\s+(?:presentations?|talks?|papers?))?\b"
    rf"|\b(?P<talk>{STATUS_WORDS})s?\s+(?:presentations?|talks?)\b"
    rf"|\b(?P<papers>{STATUS_WORDS})(?=\s+(?:papers?|works?)\b)", re.IGNORECASE)

# A presentation session as questions name it: "in poster session 3", "during session #2",
# "in the second poster session", "presented on Wednesday", "Wednesday's posters", "in the
# Thursday morning session", "in the afternoon sessions", "on December 14", "in the morning
# of December 14", "papers not being presented" (a day only after "on", as a possessive or
# before "session"; a part of the day alone only before "session" or after "in the" where the
# question speaks of presenting, :data:`_PRESENTING`; "not presented" at the end or before "in
# person")
DAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
MONTHS = ("jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
          "|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?")
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
             "tenth", "eleventh", "twelfth")
_IN = r"(?:\b(?:in|at|during|from)\s+)?"
_SESSION_WORDS = re.compile(
    rf"{_IN}(?:\bthe\s+)?\b(?:(?P<kind>poster|oral)\s+)?session\s+#?(?P<number>\d+)"
    r"(?P<suffix>[a-z])?\b"
    rf"|{_IN}\bthe\s+(?P<ordinal>{'|'.join(_ORDINALS)}|last)\s+"
    r"(?:(?P<okind>poster|oral)\s+)?session\b"
    rf"|(?:(?:\b(?:presented|shown)\s+)?\bon\s+|\b(?:in|during)\s+the\s+(?P<mpart>morning|afternoon)"
    rf"\s+of\s+)(?:(?:{DAYS}),?\s+)?(?P<month>{MONTHS})\.?\s+(?P<dom>\d{{1,2}})(?:st|nd|rd|th)?\b"
    rf"|(?:\b(?:presented|shown)\s+)?\bon\s+(?P<day>{DAYS})\b(?:\s+(?P<part>morning|afternoon))?"
    rf"|{_IN}(?:\bthe\s+)?\b(?P<sday>{DAYS})(?:\s+(?P<spart>morning|afternoon))?\s+"
    r"(?:(?:poster|oral)\s+)?sessions?\b"
    rf"|\b(?P<own>{DAYS})['\u2019]s\b"
    rf"|{_IN}(?:\bthe\s+)?\b(?P<apart>morning|afternoon)\s+(?:(?:poster|oral)\s+)?sessions?\b"
    r"|\b(?:in|during)\s+the\s+(?P<bpart>morning|afternoon)s?\b"
    r"|\b(?P<absent>not\s+(?:being\s+)?presented(?:\s+in\s+person\b|(?=[\s?.!]*$)))",
    re.IGNORECASE)
# a question speaking of presenting, where "in the morning" alone names sessions ("which orals
# are presented in the morning?", not "papers on circadian rhythm in the morning")
_PRESENTING = re.compile(r"\b(?:present\w*|posters?|sessions?|talks?|orals?|spotlights?)\b",
                         re.IGNORECASE)


def _hour(session: str) -> int | None:
    """The hour a session starts at, 0 to 23 ("08:45 CT" 8, "5:00 PM" 17); None if it names
    no time."""
    t = re.search(r"\b(\d{1,2}):\d{2}\s*(?:([ap])\.?m\b\.?)?", session, re.IGNORECASE)
    if t is None:
        return None
    hour, half = int(t.group(1)), (t.group(2) or "").lower()
    return hour % 12 + 12 * (half == "p") if half else hour


def _regexp(pattern: str, value: str | None) -> bool:
    """SQLite's ``value REGEXP pattern`` (``re`` keeps the compiled patterns)."""
    return value is not None and re.search(pattern, value) is not None


@dataclass(frozen=True)
class LexicalHit:
    paper_id: str
    score: float  # bm25, higher is better



def _yearless(venue: str) -> str:
    """A venue's name less any year in it: "NeurIPS" for "NeurIPS 2023"."""
    return " ".join(re.sub(rf"(?<!\w){YEAR}(?!\w)", " ", venue).split())

class PaperIndex:
    """Catalog + FTS5 index. Writes happen inside :meth:`transaction`."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        self._conns: list[sqlite3.Connection] = []
        self._conns_lock = threading.Lock()
        self.db.executescript(_SCHEMA + _FTS_SCHEMA)
        self._add_columns()
        self._cache: dict[str, Any] = {}  # what a read derives from the whole catalog
        self._cache_lock = threading.Lock()
        if (schema := self.get_meta("schema")) != SCHEMA_VERSION:
            if n := self.count():
                log.warning("%s: keyword index from version %s, rebuilding it for %d papers "
                            "(once)", self.path, schema, n)
            self._migrate()  # a new index too: it creates the acronyms table

    @property
    def db(self) -> sqlite3.Connection:
        """This thread's connection. Each thread (the UI serves several) reads its own WAL
        snapshot, so a search never sees a batch that an ingest may still roll back."""
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(str(self.path), isolation_level=None, timeout=30,
                                   check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.create_function("regexp", 2, _regexp, deterministic=True)
            self._local.conn = conn
            with self._conns_lock:
                self._conns.append(conn)
        return conn

    def _add_columns(self) -> None:
        """The filter columns a catalog from before them lacks (status, affiliations, session), empty:
        the next ingest of its files fills them (those papers' fingerprints changed, their
        texts did not: :meth:`rag.ingest.Ingestor.ingest_papers` rewrites their rows only).
        A catalog that has them is only read."""
        def missing() -> list[str]:
            have = {row[1] for row in self.db.execute("PRAGMA table_info(papers)")}
            return [c for c in ("status", "affiliations", "session") if c not in have]

        if not missing():
            return
        with self.transaction() as db:
            for column in missing():  # again: another process may have added them meanwhile
                db.execute(f"ALTER TABLE papers ADD COLUMN {column} TEXT NOT NULL DEFAULT ''")

    def _migrate(self) -> None:
        """Rebuild the FTS table, the acronyms and the split-word groups from the catalog: FTS
        rowids equal the papers' rowids (deletes by rowid, not by a scan), terms, acronyms and
        groups from the current rag.textnorm."""
        with self.transaction() as db:
            db.execute("DROP TABLE IF EXISTS papers_fts")
            db.execute(_FTS_SCHEMA.strip().rstrip(";"))
            db.execute("DROP TABLE IF EXISTS acronyms")
            db.execute("DROP TABLE IF EXISTS splits")
            for statement in filter(str.strip, (_ACRONYMS_SCHEMA + _SPLITS_SCHEMA).split(";")):
                db.execute(statement)
            for rowid, data in db.execute("SELECT rowid, data FROM papers").fetchall():
                paper = _as_indexed(Paper.model_validate_json(data))
                self._insert_fts(db, rowid, paper)
                self._insert_acronyms(db, paper)
                self._insert_splits(db, paper)
            self.set_meta("schema", SCHEMA_VERSION)

    def close(self) -> None:
        with self._conns_lock:
            for conn in self._conns:
                conn.close()
            self._conns.clear()
        self._local = threading.local()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """All-or-nothing: an exception (KeyboardInterrupt included) rolls everything back."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        else:
            # every write transaction counts, so that readers anywhere (other threads, another
            # process's index) know what they derived from the catalog is stale
            self.db.execute("INSERT INTO meta VALUES ('generation', '1') ON CONFLICT(key) "
                            "DO UPDATE SET value = CAST(value AS INTEGER) + 1")
            self.db.execute("COMMIT")

    def cached(self, name: str, compute: Callable[[], Any]) -> Any:
        """``compute()``, kept until the catalog changes: the meta table's ``generation``
        counts the write transactions of every connection and process."""
        generation = self.get_meta("generation")
        with self._cache_lock:
            if self._cache.get("") != generation:
                self._cache = {"": generation}
            if name not in self._cache:
                self._cache[name] = compute()
            return self._cache[name]

    # ---- catalog --------------------------------------------------------------------------
    def fingerprints(self) -> dict[str, str]:
        return dict(self.db.execute("SELECT paper_id, fingerprint FROM papers"))

    def count(self) -> int:
        return int(self.db.execute("SELECT count(*) FROM papers").fetchone()[0])

    def titled(self) -> bool:
        """Whether any paper gives a title (a plain paper list gives none: its papers are
        labelled by their first words)."""
        return bool(self.cached("titled", lambda: self.db.execute(
            "SELECT 1 FROM papers WHERE coalesce(json_extract(data, '$.title'), '') != '' "
            "LIMIT 1").fetchone()))

    def _by_ids(self, table: str, column: str, paper_ids: Sequence[str]) -> Iterator[tuple[str, Any]]:
        """(paper_id, ``column``) rows of ``table`` for the given ids."""
        return cast(Iterator[tuple[str, Any]],
                    self._select_ids(table, f"paper_id, {column}", paper_ids))

    def _select_ids(self, table: str, columns: str,
                    paper_ids: Sequence[str]) -> Iterator[tuple[Any, ...]]:
        """``columns`` of ``table``'s rows for the given ids, 500 ids a query."""
        ids = list(dict.fromkeys(paper_ids))
        for start in range(0, len(ids), 500):
            part = ids[start:start + 500]
            yield from self.db.execute(f"SELECT {columns} FROM {table} "
                                       f"WHERE paper_id IN ({','.join('?' * len(part))})", part)

    def get(self, paper_ids: Sequence[str]) -> dict[str, Paper]:
        return {pid: Paper.model_validate_json(data)
                for pid, data in self._by_ids("papers", "data", paper_ids)}

    def tokens(self, paper_ids: Sequence[str]) -> dict[str, bytes]:
        """The stored packed token vectors of the given papers (those that have them)."""
        return dict(self._by_ids("tokens", "bits", paper_ids))

    def without_tokens(self) -> list[str]:
        """Catalogued papers that have no stored token vectors."""
        return [r[0] for r in self.db.execute(
            "SELECT paper_id FROM papers WHERE paper_id NOT IN (SELECT paper_id FROM tokens) "
            "ORDER BY rowid")]

    def all_papers(self) -> Iterator[Paper]:
        for (data,) in self.db.execute("SELECT data FROM papers ORDER BY rowid"):
            yield Paper.model_validate_json(data)

    def filter_ids(self, *, area: str = "", author: str = "", venue: str = "",
                   year: int | None = None, since: int | None = None,
                   until: int | None = None, year_in: Sequence[int] = (), status: str = "",
                   affiliation: str = "", session: str = "") -> list[str] | None:
        """Paper ids matching all given filters (case-insensitive substring, ``author`` any of
        several names: "Yoshua Bengio or Samy Bengio"; ``year`` exactly, ``since`` and ``until``
        inclusive bounds, ``year_in`` one of these; ``affiliation``: an author's affiliation
        names it, :func:`rag.institutions.name_pattern`, each of "A & B"
        (:data:`rag.institutions.ALL_OF`); ``session`` one of several sessions
        exactly, "A or B"), None if no filter."""
        clauses: list[str] = []
        args: list[object] = []
        for part in affiliation.split(ALL_OF) if affiliation else ():  # each of "A & B"
            clauses.append("affiliations REGEXP ?")
            args.append(name_pattern(part) or "(?!)")
        if sessions := name_parts(session):
            clauses.append(f"session IN ({', '.join('?' * len(sessions))})")
            args.extend(sessions)
        for column, value in (("area", area), ("authors", author), ("venue", venue),
                              ("status", status)):
            # several names ("Yoshua Bengio or Samy Bengio", "COLT or AISTATS", "Oral or
            # Spotlight"): any of them
            values = name_parts(value) if column != "area" else [value] if value else []
            if values:
                clauses.append("(" + " OR ".join([f"{column} LIKE ? ESCAPE '\\'"] * len(values))
                               + ")")
                args.extend("%" + re.sub(r"([%_\\])", r"\\\1", v) + "%" for v in values)
        for clause, bound in (("year = ?", year), ("year >= ?", since), ("year <= ?", until)):
            if bound is not None:
                clauses.append(clause)
                args.append(bound)
        if year_in:
            clauses.append(f"year IN ({', '.join('?' * len(year_in))})")
            args.extend(year_in)
        if not clauses:
            return None
        rows = self.db.execute(f"SELECT paper_id FROM papers WHERE {' AND '.join(clauses)}", args)
        return [r[0] for r in rows]

    def venue_years(self, paper_ids: Sequence[str] | None = None) -> dict[tuple[str, int | None], int]:
        """How many papers (of ``paper_ids``; all where None) each venue holds each year:
        (venue less any year in its name, year) -> count; venue '' for papers naming none."""
        rows = (self.db.execute("SELECT venue, year FROM papers") if paper_ids is None
                else self._select_ids("papers", "venue, year", paper_ids))
        counts: dict[tuple[str, int | None], int] = {}
        for venue, year in rows:
            key = (_yearless(venue or ""), year)
            counts[key] = counts.get(key, 0) + 1
        return counts

    def facets(self, column: str) -> list[tuple[str, int]]:
        if column not in {"area", "venue", "year", "status", "session"}:
            raise ValueError(column)
        rows = self.db.execute(
            f"SELECT {column}, count(*) FROM papers GROUP BY {column} ORDER BY count(*) DESC")
        return [(str(v) if v not in (None, "") else "(none)", n) for v, n in rows]

    def author_spans(self, text: str) -> list[tuple[str, str]]:
        """Author names in the catalog that occur in ``text`` (two to four words, any case,
        with or without accents and initials: "what did yoshua bengio work on?", "Bernhard
        Scholkopf", "Zico Kolter" for "J. Zico Kolter"), as stored, each with the words naming
        it in ``text``; the longer names first."""
        authors = self._authors()
        words = [(m.start(), re.sub(r"['\u2019]s$", "", m.group(0)))
                 for m in re.finditer(r"[^\W\d_][\w'\u2019.-]*", text)]
        found: list[tuple[str, str]] = []
        for size in (4, 3, 2):
            for i in range(len(words) - size + 1):
                window = words[i:i + size]
                last_start, last = window[-1]
                typed = " ".join(w for _, w in window)
                name = authors.get(fold(typed).lower())
                if not name and last.endswith("."):  # "papers by Kaiyi Ji.": a full stop
                    last = last.rstrip(".")  # (a name may end in an initial: "John A.")
                    name = authors.get(fold(typed.rstrip(".")).lower())
                if name and name not in (n for n, _ in found):
                    found.append((name, text[window[0][0]:last_start + len(last)]))
        return found

    def authors_like(self, words: str, *, most: int = 5) -> list[str]:
        """The catalog's authors that ``words`` (a name of two to four words no author has)
        most likely misspells ("Kaiyi Jin": "Kaiyi Ji"; "Joshua Bengio": "Yoshua Bengio"):
        sharing one word with it, one edit away (an insertion, deletion, substitution or swap
        of two letters; two for names of 14 letters or more), the closest; where no name is,
        one whose every word is at most one edit from the typed word of four letters or more,
        with the same first letter ("Sergei Levin": "Sergey Levine"); none for names under 8
        letters ("Yi Mao" is no misspelling of "Yi Ma") or where more than ``most`` are as
        close, sorted."""
        key = " ".join(fold(words).lower().split())
        if not 2 <= len(key.split()) <= 4 or len(key) < 8:
            return []
        authors = self._authors()
        parts = key.split()
        near = [(name, d) for name, d, _ in process.extract(
                    key, authors.keys(), scorer=OSA.distance, score_cutoff=len(parts),
                    limit=None) if d]
        close = [(name, d) for name, d in near
                 if d <= (2 if len(key) >= 14 else 1) and set(parts) & set(name.split())]
        if not close and min(map(len, parts)) >= 4:  # every word misspelled
            close = [(name, d) for name, d in near if len(name.split()) == len(parts) and all(
                a[0] == b[0] and OSA.distance(a, b) <= 1 for a, b in zip(parts, name.split()))]
        best = min((d for _, d in close), default=0)
        names = sorted({authors[name] for name, d in close if d == best})
        return names if len(names) <= most else []

    def surnamed_like(self, word: str, *, most: int = 5) -> list[str]:
        """The catalog's authors whose last name ``word`` (one word of five letters or more,
        which no author has as a last name and no paper writes) most likely misspells ("abeel":
        Pieter Abbeel): the last names one edit away (two for words of nine letters or more),
        the closest, with the same first letter; none where more than ``most`` authors have
        them, sorted."""
        key = fold(word).lower()
        if len(key) < 5 or not key.isalpha() or self.authors_surnamed(key) or self.word_papers(key):
            return []
        authors = self._authors()
        surnames = {low.rsplit(" ", 1)[-1] for low in authors if " " in low}
        close = [(s, d) for s, d, _ in process.extract(
            key, surnames, scorer=OSA.distance, score_cutoff=2 if len(key) >= 9 else 1,
            limit=None) if s[:1] == key[:1]]
        best = min((d for _, d in close), default=0)
        names = sorted({n for s, d in close if d == best for n in self.authors_surnamed(s)})
        return names if len(names) <= most else []

    def authors_surnamed(self, surname: str) -> list[str]:
        """The catalog's authors whose last name is ``surname`` (any case, accents or not),
        sorted."""
        return self._authors_named_by("surnames", lambda low: low.rsplit(" ", 1)[-1], surname)

    def authors_first_named(self, first: str) -> list[str]:
        """The catalog's authors of more than one name whose first name is ``first`` (any
        case, accents or not), sorted."""
        return self._authors_named_by(
            "first-names", lambda low: low.split(" ", 1)[0] if " " in low else "", first)

    def _authors_named_by(self, cache: str, part: Callable[[str], str], word: str) -> list[str]:
        """The catalog's authors whose lowercase name's ``part`` is ``word`` (folded), sorted;
        the index of them cached as ``cache``."""
        authors = self._authors()  # before: the cache's lock is not reentrant

        def index() -> dict[str, list[str]]:
            by_part: dict[str, set[str]] = {}
            for low, name in authors.items():
                if key := part(low):
                    by_part.setdefault(key, set()).add(name)
            return {key: sorted(names) for key, names in by_part.items()}
        named = cast(dict[str, list[str]], self.cached(cache, index))
        return list(named.get(fold(word).lower(), []))

    def author_papers(self) -> dict[str, int]:
        """How many papers each author of the catalog has (cached)."""
        def count() -> dict[str, int]:
            papers: dict[str, int] = {}
            for (authors,) in self.db.execute("SELECT authors FROM papers WHERE authors != ''"):
                for name in authors.split("; "):
                    papers[name] = papers.get(name, 0) + 1
            return papers
        return cast(dict[str, int], self.cached("author-papers", count))

    def _authors(self) -> dict[str, str]:
        """Every author name of the catalog by its lowercase spelling without accents, and
        without initials where it has some ("bernhard scholkopf": "Bernhard Schölkopf", "zico
        kolter": "J. Zico Kolter"; cached)."""
        papers = self.author_papers()  # before: the cache's lock is not reentrant

        def read() -> dict[str, str]:
            names: dict[str, str] = {}
            for name in papers:
                key = " ".join(fold(name).lower().split())
                names.setdefault(key, name)
                bare = " ".join(w for w in key.split() if not re.fullmatch(r"\w\.?", w))
                if bare != key and " " in bare:
                    names.setdefault(bare, name)
            return names
        return cast(dict[str, str], self.cached("authors", read))

    def match_area(self, text: str) -> str:
        """The area named in ``text`` ("papers in Social Aspects"), as stored; '' if none.

        The whole area string matches anywhere; a sub-area only after "in/from/under" ("papers
        on large language models" is a topic, "papers in Large Language Models" an area).
        """
        low = " ".join(text.lower().split())
        best = ""
        for (area,) in self.db.execute("SELECT DISTINCT area FROM papers WHERE area != ''"):
            parts = [p.strip() for p in area.split("·")]
            candidates = [(area, False), (" · ".join(parts), False)]
            candidates += [(p, True) for p in parts if len(p) > 3]
            for cand, needs_prep in candidates:
                c = re.escape(cand.lower())
                pattern = rf"\b(in|from|under)\s+(the\s+)?{c}\b" if needs_prep else rf"\b{c}\b"
                if re.search(pattern, low) and len(cand) > len(best):
                    best = cand
        return best

    def match_venue(self, text: str) -> str:
        """The venue named in ``text`` ("COLT 2024 papers on ...", "from NeurIPS"), as the venue
        filter matches it: the stored name less any year in it ("NeurIPS" for "NeurIPS 2023");
        '' if none. Names under five characters match only as written ("COLT", not "colt"),
        longer ones in any case; the longest name found wins."""
        best = ""
        for name in self.venue_names():
            if len(name) < 3 or len(name) <= len(best):
                continue
            flags = re.IGNORECASE if len(name) >= 5 else 0
            if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, flags):
                best = name
        return best

    def venue_names(self) -> set[str]:
        """The catalog's venues less any year in them ("NeurIPS" for "NeurIPS 2023"; cached)."""
        return cast(set[str], self.cached("venues", lambda: {_yearless(v) for (v,) in self.db.execute(
            "SELECT DISTINCT venue FROM papers WHERE venue != ''")}))

    def match_status(self, text: str) -> tuple[str, str]:
        """The status a question asks for ("oral papers", "accepted as a spotlight", "spotlight
        talks"; the answerer reads "orals" as "oral papers" first): (the status as stored, the
        words naming it in ``text``), a status the catalog's statuses hold first; else, where
        the catalog gives statuses, the word as one none of its papers has ("Spotlight" among
        orals and posters: the answer says what they are; it was a topic word no abstract
        writes); ('', '') if none."""
        unheld = ("", "")
        for m in _STATUS_WORDS.finditer(text):
            word = next(w for w in m.groups() if w).lower()
            for status, _ in self._status_counts():
                if status and re.search(rf"\b{word}\b", status, re.IGNORECASE):
                    return status, m.group(0)
            if not unheld[0] and any(status for status, _ in self._status_counts()):
                unheld = (word.capitalize(), m.group(0))
        return unheld

    def match_session(self, text: str) -> tuple[str, str]:
        """The presentation sessions a question names, where the catalog gives sessions: by
        number ("in poster session 3", "session #2", "in the third poster session": the
        sessions naming "Session 3"; "the last session" the highest number) or by day
        ("presented on Wednesday", "Wednesday's posters", "in the Thursday session": every
        session naming the day), by date ("on December 14", "in the morning of Dec 14"), by the
        part of the day alone ("in the afternoon sessions"; "in the morning" only where the
        question speaks of presenting), or "not (being) presented" (a session so named: "Posters
        Not Being Presented"). (the
        sessions as stored, joined by " or ", the words naming them in ``text``); "oral session
        3" only a session naming "oral" where any does ("Oral Session 3A"); "morning" and
        "afternoon" by the session's time (12-hour where it says PM). Where none holds that
        number or day, ("Session 9" or "Monday", the words): no paper is found, and the answer
        says which sessions there are; ('', '') if none named."""
        held = self.session_names()
        if not held:
            return "", ""
        m = next((m for m in _SESSION_WORDS.finditer(text)
                  if not m.group("bpart") or _PRESENTING.search(text)), None)
        if not m:
            return "", ""
        if m.group("number") or m.group("ordinal"):
            kind = (m.group("kind") or m.group("okind") or "").lower()
            if kind and not any(re.search(rf"\b{kind}\b", s, re.IGNORECASE) for s in held):
                kind = ""  # "poster session 3" where sessions are "Session 3": the number
            if (ordinal := (m.group("ordinal") or "").lower()) == "last":
                numbers = [int(n.group(1)) for s in held if (n := re.search(
                    rf"\b{kind}\b.*" * bool(kind) + r"\bsession\s+#?(\d+)", s, re.IGNORECASE))]
                if not numbers:
                    return "", ""  # no session has a number to be the last of
                number = str(max(numbers))
            else:
                number = m.group("number") or str(_ORDINALS.index(ordinal) + 1)
            suffix = (m.group("suffix") or "").lower()  # "oral session 3A": that one
            named = [s for s in held if re.search(
                rf"\b{kind}\b.*" * bool(kind)
                + rf"\bsession\s+#?0*{int(number)}{suffix or '[a-z]?'}\b", s, re.IGNORECASE)]
            unheld = f"{kind.capitalize()} Session {int(number)}{suffix.upper()}".strip()
        elif m.group("absent"):  # "which papers are not being presented?": a session
            named = [s for s in held if re.search(r"\bnot\b.*\bpresented\b", s, re.IGNORECASE)]
            if not named:
                return "", ""  # no such session: words of the question
            unheld = ""
        elif month := m.group("month"):  # a date: the sessions naming it ("Dec 14")
            dom = int(m.group("dom"))
            part = (m.group("mpart") or "").lower()  # "in the morning of December 14"
            named = [s for s in held if re.search(rf"\b{month[:3]}[a-z]*\.?\s+0?{dom}\b", s,
                                                  re.IGNORECASE) and (
                not part or (hour := _hour(s)) is None or (hour < 12) == (part == "morning"))]
            unheld = f"{month[:3].capitalize()} {dom}"
        elif part := (m.group("apart") or m.group("bpart") or "").lower():  # "in the afternoon"
            named = [s for s in held if (hour := _hour(s)) is not None
                     and (hour < 12) == (part == "morning")]
            if not any(_hour(s) is not None for s in held):
                return "", ""  # no session gives its time: words of the question
            unheld = part.capitalize()
        else:  # a day: its sessions; its morning's or afternoon's where the time is given
            day = m.group("day") or m.group("own") or m.group("sday")
            part = (m.group("part") or m.group("spart") or "").lower()
            named = [s for s in held if re.search(rf"\b{day}\b", s, re.IGNORECASE) and (
                not part or (hour := _hour(s)) is None or (hour < 12) == (part == "morning"))]
            unheld = day.capitalize()
        return (" or ".join(named) if named else unheld), m.group(0).strip()

    def session_filter(self, value: str) -> str:
        """The stored sessions a filter value names, joined by " or " (:attr:`Filters.session`):
        a session as stored, or as a question would name it ("Poster Session 3", "session 3",
        "3", "Wednesday", "Wednesday morning", "Dec 13", "afternoon"), or a part of its name as
        whole words ("not being presented"; not where the value reads as a number or date no
        session has); several joined by "or"; '' where a part names none."""
        held = self.session_names()
        found: list[str] = []
        for part in name_parts(value):
            if part in held:
                names = [part]
            else:
                text = (f"session {part}" if re.fullmatch(r"#?\d+", part)
                        else f"on {part}" if re.match(rf"(?:{DAYS}|{MONTHS})\b", part, re.IGNORECASE)
                        else f"in the {part.rstrip('s')} sessions" if re.fullmatch(
                            r"(?:morning|afternoon)s?", part, re.IGNORECASE)
                        else part)
                named, _ = self.match_session(text)
                names = [n for n in name_parts(named) if n in held] or ([] if named else [
                    s for s in held if re.search(rf"(?<!\w){re.escape(part)}(?!\w)", s,
                                                 re.IGNORECASE)])  # ("8": no 08:45 session)
            if not names:
                return ""
            found += [n for n in names if n not in found]
        return " or ".join(found)

    def session_names(self) -> list[str]:
        """The sessions papers are presented in, in the order of their names."""
        return [s for s, _ in self.sessions() if s]

    def sessions(self) -> list[tuple[str, int]]:
        """(session, papers) in the order of their names ('' for none); cached."""
        return cast(list[tuple[str, int]], self.cached("sessions", lambda: self.db.execute(
            "SELECT session, count(*) FROM papers GROUP BY session ORDER BY session").fetchall()))

    def usual_status(self) -> str:
        """The status most papers have ("Poster"), where more than half have it; ''."""
        counts = self._status_counts()
        return counts[0][0] if counts and counts[0][1] * 2 > sum(n for _, n in counts) else ""

    def _status_counts(self) -> list[tuple[str, int]]:
        """(status, papers), the commonest first ('' for none); cached."""
        return cast(list[tuple[str, int]], self.cached("statuses", lambda: self.db.execute(
            "SELECT status, count(*) AS n FROM papers GROUP BY status ORDER BY n DESC, status"
        ).fetchall()))

    def affiliations_given(self) -> tuple[int, int]:
        """(papers with an affiliation, papers)."""
        return cast(tuple[int, int], self.cached("affiliations", lambda: tuple(self.db.execute(
            "SELECT count(*) FILTER (WHERE affiliations != ''), count(*) FROM papers"
        ).fetchone())))

    def match_affiliation(self, text: str) -> tuple[str, str]:
        """The institution a question names after "from", "at" or "affiliated with" ("papers
        from MIT on ...", "at Carnegie Mellon University": the whole run of capitalized words,
        :func:`rag.institutions.institution_candidates`), where an affiliation in the catalog
        names it (:func:`rag.institutions.name_pattern`); or the institutions, where the run
        names several that each read as one and an affiliation names each ("from MIT and
        Stanford": "MIT or Stanford"). (the name, the words naming it with their preposition);
        ('', '') if none."""
        if not self.affiliations_given()[0]:
            return "", ""
        known = self.cached("affiliation-text", lambda: "\n".join(v for (v,) in self.db.execute(
            "SELECT DISTINCT affiliations FROM papers WHERE affiliations != ''")))
        for name, words in institution_candidates(text):
            parts = name_parts(name)
            if all(re.search(name_pattern(part), known) for part in parts) and (
                    len(parts) == 1 or looks_like_institution(name)):
                return name, words
        return "", ""

    def years(self) -> set[int]:
        """The publication years the catalog holds (cached until the catalog changes)."""
        return cast(set[int], self.cached("years", lambda: {y for (y,) in self.db.execute(
            "SELECT DISTINCT year FROM papers WHERE year IS NOT NULL")}))

    # ---- writes (inside transaction) ------------------------------------------------------
    def put(self, db: sqlite3.Connection, paper: Paper) -> None:
        pid = paper.paper_id
        self.delete(db, [pid])
        cur = db.execute(
            "INSERT INTO papers (paper_id, fingerprint, data, area, venue, year, authors, status,"
            " affiliations, session) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (pid, paper.fingerprint(), paper.model_dump_json(), paper.area, paper.venue,
             paper.year, "; ".join(paper.authors), paper.status,
             fold("\n".join(a for a in paper.affiliations if a)), paper.session))
        paper = _as_indexed(paper)
        self._insert_fts(db, cur.lastrowid, paper)
        self._insert_acronyms(db, paper)
        self._insert_splits(db, paper)

    @staticmethod
    def _insert_acronyms(db: sqlite3.Connection, paper: Paper) -> None:
        db.executemany("INSERT OR IGNORE INTO acronyms VALUES (?, ?, ?, ?)",
                       [(a.lower(), e.lower(), paper.paper_id, a)
                        for a, e in acronym_definitions(paper.abstract)])

    @staticmethod
    def _insert_splits(db: sqlite3.Connection, paper: Paper) -> None:
        title = split_groups_written(paper.title)
        db.executemany("INSERT INTO splits VALUES (?, ?, ?)", [
            (key, paper.paper_id, key in title) for key in split_groups_written(_text(paper))])

    @staticmethod
    def _insert_fts(db: sqlite3.Connection, rowid: int | None, paper: Paper) -> None:
        text = _text(paper)
        db.execute("INSERT INTO papers_fts (rowid, paper_id, title, label, keywords, abstract, "
                   "expansions, authors) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                   (rowid, paper.paper_id, paper.title,
                    paper.label if paper.label != paper.title else "", " ".join(paper.keywords),
                    paper.abstract, " ".join(index_terms(text)), ", ".join(paper.authors)))

    def delete(self, db: sqlite3.Connection, paper_ids: Iterable[str]) -> None:
        for pid in paper_ids:
            row = db.execute("SELECT rowid FROM papers WHERE paper_id = ?", (pid,)).fetchone()
            if row is None:
                continue
            db.execute("DELETE FROM papers_fts WHERE rowid = ?", (row[0],))
            db.execute("DELETE FROM papers WHERE rowid = ?", (row[0],))
            db.execute("DELETE FROM acronyms WHERE paper_id = ?", (pid,))
            db.execute("DELETE FROM splits WHERE paper_id = ?", (pid,))
            db.execute("DELETE FROM tokens WHERE paper_id = ?", (pid,))

    def put_tokens(self, db: sqlite3.Connection, tokens: dict[str, bytes]) -> None:
        """Store packed token vectors (:func:`rag.tokens.pack`) of catalogued papers."""
        db.executemany("INSERT OR REPLACE INTO tokens SELECT paper_id, ? FROM papers "
                       "WHERE paper_id = ?", [(bits, pid) for pid, bits in tokens.items()])

    def mark_pending(self, db: sqlite3.Connection, paper_ids: Iterable[str]) -> None:
        db.executemany("INSERT OR IGNORE INTO pending VALUES (?)", [(p,) for p in paper_ids])

    def clear_pending(self, db: sqlite3.Connection, paper_ids: Iterable[str]) -> None:
        db.executemany("DELETE FROM pending WHERE paper_id = ?", [(p,) for p in paper_ids])

    def pending(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT paper_id FROM pending")]

    def get_meta(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def set_meta(self, key: str, value: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    # ---- search ---------------------------------------------------------------------------
    def acronyms(self) -> Acronyms:
        """acronym -> expansions, most frequent first, with how many papers define each and
        how the acronym is written (cached until the catalog changes)."""
        return cast(Acronyms, self.cached("acronyms", lambda: Acronyms.from_rows(self.db.execute(
            "SELECT acronym, expansion, written, count(*) FROM acronyms "
            "GROUP BY acronym, expansion, written"))))

    def search(self, query: str, n: int,
               paper_ids: Sequence[str] | None = None) -> list[LexicalHit]:
        match = fts_query(american(query), self.acronyms())
        if not match or (paper_ids is not None and not paper_ids):
            return []
        weights = ", ".join(str(w) for w in BM25_WEIGHTS)
        sql = (f"SELECT paper_id, -bm25(papers_fts, 0, {weights}) AS s FROM papers_fts "
               "WHERE papers_fts MATCH ?")
        args: list[object] = [match]
        if paper_ids is not None:
            sql += " AND paper_id IN (SELECT value FROM json_each(?))"
            args.append(json.dumps(list(paper_ids)))
        sql += " ORDER BY s DESC LIMIT ?"
        args.append(n)
        try:
            rows = self.db.execute(sql, args).fetchall()
        except sqlite3.OperationalError as exc:
            raise StoreError(f"lexical search failed for {query!r} ({match}): {exc}") from exc
        return [LexicalHit(pid, float(s)) for pid, s in rows]

    def respelled(self, word: str) -> str:
        """The word the papers write that a question's lowercase ``word`` no paper writes is
        most likely a misspelling of ("lerning": "learning"): at most one edit away (an
        insertion, deletion, substitution or swap of two letters; two for words of nine
        letters or more), written by at least two papers in a title or abstract, the most
        widely written of the closest; '' where a paper writes ``word`` anywhere, its authors
        too (also as Porter stemming finds it: "reinforcment" finds "reinforcement"), or none
        is close enough; '' too for a word under five letters. A word of eight letters or
        more (:data:`_TYPO_LETTERS`) that one paper writes as typed, one edit from a word many
        write with the same stem, is that word even where stemming finds it ("reinforcment":
        "reinforcement", "preferances": "preferences"). A word papers write with hyphens, and
        one paper or none without ("selfsupervised"), or five times as many with as without
        (:data:`_HYPHENATED_OVER`: "multiagent"), is written as they write it
        ("self-supervised", "multi-agent")."""
        word = word.lower()
        if len(word) < 5 or not word.isalpha() or american(word) != word:
            return ""  # "optimisation" is no misspelling: the index reads it "optimization"
        written = self.db.execute(  # in a title or abstract, not as a joined compound
            "SELECT count(*) FROM (SELECT 1 FROM papers_fts WHERE papers_fts MATCH ? LIMIT 2)",
            (f'- expansions : "{word}"',)).fetchone()[0]
        if written >= 2 and len(word) >= _TYPO_LETTERS and (common := self._common_close(word)):
            return common  # "reinforcment": one paper writes it, stemming finds the others
        if written >= 2 and (hyphenated := self._hyphenated(word, over=_HYPHENATED_OVER)):
            return hyphenated  # "multiagent": 4 NeurIPS 2023 papers write it, 55 "multi-agent"
        if written >= 2:
            return ""
        if hyphenated := self._hyphenated(word):
            return hyphenated
        if written:
            return ""
        counts = self._word_counts()
        most = 2 if len(word) >= 9 else 1
        close = process.extract(word, counts.keys(), scorer=OSA.distance, score_cutoff=most,
                                limit=None)
        return min(close, key=lambda c: (c[1], -counts[c[0]]))[0] if close else ""

    def _common_close(self, word: str) -> str:
        """The word many papers write (:data:`_TYPO_COMMON`) one edit from ``word`` (lowercase),
        which one paper or none writes as typed, and of the same Porter stem, as the search
        reads both ("reinforcment", "preferances"; not "normalize" for "formalize", which
        stemming keeps apart), the most widely written; ''."""
        counts = self._word_counts()
        if counts.get(word, 0) >= 2:
            return ""
        close = [c for c, _, _ in process.extract(word, counts.keys(), scorer=OSA.distance,
                                                  score_cutoff=1, limit=None)
                 if counts[c] >= _TYPO_COMMON]
        return max(_same_stem(word, close), key=lambda c: counts[c], default="")

    def _hyphenated(self, word: str, over: int = 0) -> str:
        """How the papers most often write ``word`` (lowercase) with hyphens, where two or more
        do ("self-supervised" for "selfsupervised"; the index joins such compounds); with
        ``over``, only where that many times as many papers write it so as write ``word``
        ("multi-agent" for "multiagent"); ''."""
        rows = self.db.execute("SELECT title, abstract FROM papers_fts WHERE papers_fts MATCH ? "
                               "LIMIT ?", (f'expansions : "{word}"', 200 if over else 20)
                               ).fetchall()
        forms = [[form.lower() for form in re.findall(r"[^\W\d_]+(?:[-\u2010\u2011][^\W\d_]+)+",
                                                      f"{title} {abstract}")
                  if re.sub(r"[-\u2010\u2011]", "", form.lower()) == word] for title, abstract in rows]
        written = Counter(form for row in forms for form in row)
        if over and sum(map(bool, forms)) < over * max(self._word_counts().get(word, 0), 1):
            return ""
        return written.most_common(1)[0][0] if len(rows) >= 2 and written else ""

    def word_papers(self, word: str) -> int:
        """How many papers write ``word`` (lowercase, four letters or more) in their title or
        abstract, as written, where two or more do; else 0."""
        return self._word_counts().get(word, 0)

    def _word_counts(self) -> dict[str, int]:
        """How many papers write each word of four letters or more (lowercase, letters only) in
        their title or abstract, where two or more do (cached)."""
        def count() -> dict[str, int]:
            df: dict[str, int] = {}
            for title, abstract in self.db.execute("SELECT title, abstract FROM papers_fts"):
                for w in set(re.findall(r"[a-z]{4,}", f"{title} {abstract}".lower())):
                    df[w] = df.get(w, 0) + 1
            return {w: n for w, n in df.items() if n >= 2}
        return cast(dict[str, int], self.cached("word-counts", count))

    def phrase_matches(self, query: str, *, column: str | None = None) -> set[str] | None:
        """The papers that name the question's topic as a phrase (:func:`fts_phrase`, with the
        corpus's acronyms), in ``column`` only if given; None where the question names no
        such phrase."""
        query = american(query)
        table = self.acronyms()
        phrase = fts_phrase(query, table)
        if phrase is None:
            return None
        found = self._written(self._matching(_in_column(phrase, column), query),
                              phrase_splits(query), column)
        return found | self._abbreviated(topic_abbreviations(query, table), found, column=column)

    def _written(self, paper_ids: set[str], splits: Sequence[str],
                 column: str | None) -> set[str]:
        """The papers of ``paper_ids`` that write a word of each of the ``splits`` groups
        (:func:`rag.textnorm.split_group`; in the title only, if ``column`` is "title"), stored
        at ingest: Porter stemming may have matched them on another word ("token" for
        "tokenization")."""
        kept = set(paper_ids)
        for key in splits:
            kept &= {r[0] for r in self.db.execute(
                "SELECT paper_id FROM splits WHERE grp = ?"
                + (" AND in_title" if column == "title" else ""), (key,))}
        return kept

    def _abbreviated(self, abbreviations: Iterable[Abbreviation], found: set[str], *,
                     column: str | None = None) -> set[str]:
        """The papers beyond ``found`` that name a run of the question's words by the acronym
        the corpus defines for it: written as its definitions write it ("NeRF", not the "model
        zoo" for "ZOO"), and not defined by the paper as something else ("SSL" for
        semi-supervised learning is not self-supervised learning). ``column="title"``: the
        acronym written in the title."""
        table = self.acronyms()
        out: set[str] = set()
        for abbreviation in abbreviations:
            acr = abbreviation.acronym
            other = {pid for pid, exp in self.db.execute(
                "SELECT paper_id, expansion FROM acronyms WHERE acronym = ?", (acr,))
                if singular(exp) != abbreviation.long_form}
            for exp in table.get(acr, []):  # naming another long form of it: the other meaning
                if singular(exp) != abbreviation.long_form:
                    other |= self._matching(fts_literal(exp), exp)
            candidates = (self._matching(_in_column(fts_literal(acr), column), acr)
                          - found - out - other)
            out |= {pid for pid, paper in self.get(sorted(candidates)).items()
                    if writes(paper.title if column == "title" else
                              f"{paper.title}\n{paper.abstract}", table.spellings(acr))}
        return out

    def _matching(self, expression: str, query: str) -> set[str]:
        """The papers an FTS5 MATCH ``expression`` (made from ``query``) finds."""
        try:
            return {r[0] for r in self.db.execute(
                "SELECT paper_id FROM papers_fts WHERE papers_fts MATCH ?", (expression,))}
        except sqlite3.OperationalError as exc:
            raise StoreError(f"lexical match failed for {query!r} ({expression}): {exc}") from exc

    def doc_frequencies(self, words: Iterable[str]) -> dict[str, int]:
        """Per word, how many papers contain it (as the lexical search matches it: stemmed)."""
        out: dict[str, int] = {}
        for asked in words:
            if asked in out:
                continue
            word = american(asked)
            try:
                row = self.db.execute("SELECT count(*) FROM papers_fts WHERE papers_fts MATCH ?",
                                      ('"' + word.replace('"', " ") + '"',)).fetchone()
            except sqlite3.OperationalError as exc:
                raise StoreError(f"lexical match failed for {word!r}: {exc}") from exc
            out[asked] = int(row[0])
        return out

    def coverage(self, query: str) -> dict[str, float]:
        """Per paper, the idf-weighted share of the query's content terms it contains (0..1].

        A soft AND: 1.0 means the paper mentions every term (or an expansion of it, or the
        acronym the corpus defines for a run of the question's words: :meth:`_abbreviated`).
        Papers that match no term are absent. Used to decide which papers a "which papers..."
        answer lists.
        """
        matched = self._concept_matches(query)
        if not any(matched):
            return {}
        n_docs = max(1, self.count())
        weights = [math.log((n_docs + 1) / (len(ids) + 0.5)) for ids in matched]  # none: rarest
        total = sum(weights) or 1.0
        cov: dict[str, float] = {}
        for w, ids in zip(weights, matched):
            for pid in ids:
                cov[pid] = cov.get(pid, 0.0) + w / total
        return cov

    def title_matches(self, query: str) -> set[str]:
        """The papers whose title names every content term of the question (as
        :meth:`coverage` counts them, acronyms included: "Dual-MCMC Teaching" names Markov chain
        Monte Carlo), together where the question names its topic as a phrase
        (:meth:`phrase_matches`). A listing shows them first."""
        matched = self._concept_matches(query, column="title")
        if not matched:
            return set()
        phrase = self.phrase_matches(query, column="title")
        return set.intersection(*matched, *([phrase] if phrase is not None else []))

    def rare_title_matches(self, query: str, rare: float) -> set[str]:
        """The papers whose title names the rarest of the question's two terms or more (as
        written, not a word it begins: "Unlearnable" is no "unlearning"), where at most a
        ``rare`` share of the papers name it anywhere: so rare a word marks the topic
        without the commoner ones ("Hyperbolic VAE" for "hyperbolic geometry", "Mean-Field
        Games" for "mean-field theory"); empty where the rarest is commoner than that."""
        matched = self._concept_matches(query)
        if len(matched) < 2:
            return set()
        rarest = min(range(len(matched)), key=lambda i: len(matched[i]))
        if not matched[rarest] or len(matched[rarest]) > rare * self.count():
            return set()
        return set(self._concept_matches(query, column="title", matching=False)[rarest])

    def _concept_matches(self, query: str, *, column: str | None = None,
                         matching: bool = True) -> list[set[str]]:
        """Per content term of the question (:func:`fts_concepts`, with ``matching``: also
        prefixes and word families), the papers naming it, in ``column`` only if given; a word
        Porter stemming takes for others only where a paper writes it as such
        (:attr:`Concept.split`: "tokenization", not "token"). Kept until the catalog changes
        (a listing asks for the coverage and the rarest term of one question): read-only."""
        memo = cast(dict[tuple[str, str | None, bool], list[set[str]]],
                    self.cached("concept-matches", dict))
        if (known := memo.get((query, column, matching))) is None:
            if len(memo) >= 256:
                memo.clear()
            known = memo[(query, column, matching)] = self._find_concepts(query, column, matching)
        return known

    def _find_concepts(self, query: str, column: str | None, matching: bool) -> list[set[str]]:
        query = american(query)
        concepts = fts_concepts(query, self.acronyms(), matching=matching)
        matched = [self._written(self._matching(_in_column(
            spelled_out(c.expression) if column else c.expression, column), query),
            [c.split] if c.split else [], column) for c in concepts]
        # an acronym names several of the question's words ("NeRF": neural radiance fields):
        # look for its papers once, beyond those naming every word it stands for
        spans: dict[Abbreviation, list[int]] = {}
        for i, c in enumerate(concepts):
            for abbreviation in c.abbreviations:
                spans.setdefault(abbreviation, []).append(i)
        for abbreviation, at in spans.items():
            writing = self._abbreviated([abbreviation], set.intersection(*(matched[i] for i in at)),
                                        column=column)
            for i in at:
                matched[i] |= writing
        return matched


def _as_indexed(paper: Paper) -> Paper:
    """The paper as the keyword index reads it: its title, label, keywords and abstract in
    American spelling (:func:`rag.spelling.american`; every question is read so too)."""
    return paper.model_copy(update={
        "title": _unmath(american(paper.title)), "label": _unmath(american(paper.label)),
        "keywords": [american(k) for k in paper.keywords],
        "abstract": _unmath(american(paper.abstract))})


def _unmath(text: str) -> str:
    """``text`` with a number set as inline math written plainly: "Atari $100$k" is "Atari
    100k", as a question writes it (the tokenizer had read "100" and "k")."""
    return re.sub(r"\$(\d[\d.,]*)\$", r"\1", text)


def _text(paper: Paper) -> str:
    """The paper's indexed text: title, label, keywords and abstract."""
    return " ".join([paper.title, paper.label, " ".join(paper.keywords), paper.abstract])


# the columns naming a paper's topic: not its authors ("SAM" is no Sam Rosen, "LoRA" no Lora
# Aroyo), which only the ranking reads
_TOPIC_COLUMNS = "{title label keywords abstract expansions}"


def _in_column(expression: str, column: str | None) -> str:
    """An FTS5 MATCH ``expression`` restricted to one column (None: the topic columns,
    :data:`_TOPIC_COLUMNS`)."""
    return f"{column or _TOPIC_COLUMNS} : ({expression})"
