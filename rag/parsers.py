"""Read input files into :class:`~rag.types.Paper` records.

Six formats, told apart by content (``detect_format``), not by file extension:

- ``paperlist``: a header line, then one abstract per paragraph (no titles, no authors).
- ``search-results``: a header line, then records of an optional ``Area · Subarea`` line,
  an author line and the abstract paragraph.
- ``jsonl`` / ``json``: one object per line / a JSON array of objects with fields such as
  id, title, authors, abstract (or text/summary), keywords, primary_area, conference/venue,
  year, status/decision (Oral, Spotlight), session (Poster Session 3: Wednesday, ...),
  affiliations (parallel to the authors), url, tldr.
- ``csv``: a header row naming such columns (case-insensitive, common aliases accepted).
- ``beir``: BEIR ``corpus.jsonl`` lines ``{"_id", "title", "text", "metadata"}``.

A bad record is skipped with a :class:`~rag.errors.ParseError` naming the file and the
record (1-based line number, or index for JSON arrays); parsing goes on. A file that cannot
be read or recognised at all raises :class:`~rag.errors.InputError`.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from rag.errors import InputError, ParseError
from rag.types import Paper, content_hash

__all__ = ["FORMATS", "ParseResult", "derive_label", "detect_format", "parse_file"]

FORMATS = ("paperlist", "search-results", "jsonl", "json", "csv", "beir")


@dataclass
class ParseResult:
    """Papers read from one file, plus the records that were skipped and why."""

    path: str
    format: str
    papers: list[Paper] = field(default_factory=list)
    skipped: list[ParseError] = field(default_factory=list)


# --------------------------------------------------------------------------- field mapping

# Keys are normalised (lower case, spaces/hyphens -> "_") before lookup; first hit wins.
_FIELDS: dict[str, tuple[str, ...]] = {
    "id": ("id", "_id", "paper_id", "paperid", "uid"),
    "title": ("title", "paper_title"),
    "abstract": ("abstract", "text", "summary", "abstract_text", "paper_abstract"),
    "authors": ("authors", "author", "author_names"),
    "keywords": ("keywords", "keyword", "tags"),
    "area": ("primary_area", "area"),
    "venue": ("conference", "venue"),
    "year": ("year",),
    "status": ("status", "decision"),
    "session": ("session", "poster_session"),
    "affiliations": ("affiliations", "affiliation", "aff"),
    "url": ("url", "link"),
    "tldr": ("tldr", "tl;dr"),
}
_ABSTRACT_KEYS = frozenset(_FIELDS["abstract"])


def _norm_key(key: str) -> str:
    return re.sub(r"[\s-]+", "_", key.strip().lower())


def _clean(value: Any) -> str:
    """Text with HTML line breaks, non-breaking spaces and runs of whitespace collapsed."""
    if value is None:
        return ""
    text = str(value)
    text = re.sub(r"<br\s*/?>|</?p>", " ", text, flags=re.IGNORECASE)
    text = text.replace("&nbsp;", " ").replace("\u00a0", " ")
    return re.sub(r"\s+", " ", text).strip()


def _items(value: Any) -> list[str]:
    """A list field's items, empty ones kept in place: a list (also [{"name": "Ann Lee"}, ...])
    or text split at semicolons, else commas."""
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return [_clean(v.get("name") if isinstance(v, dict) else v) for v in value]
    text = _clean(value)
    return re.split(r"\s*;\s*" if ";" in text else r"\s*,\s*", text)


def _split_list(value: Any) -> list[str]:
    return [item for item in _items(value) if item]


def _parallel_list(value: Any) -> list[str]:
    """A list parallel to the authors (affiliations): empty items stay in place; [] where
    every item is empty."""
    items = _items(value)
    return items if any(items) else []


def _year(value: Any) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    match = re.search(r"\b(\d{4})(?:\.0+)?\b", _clean(value))
    return int(match.group(1)) if match else None


def _make_paper(path: Path, record: str | int, **kw: Any) -> Paper:
    """Build a Paper; raises ParseError when the abstract is missing or a field is invalid."""
    abstract = _clean(kw.pop("abstract", ""))
    if not abstract:
        raise ParseError(str(path), record, "no abstract text")
    source_id = _clean(kw.pop("paper_id", ""))
    title = _clean(kw.pop("title", ""))
    try:
        return Paper(
            paper_id=source_id or "h-" + content_hash(abstract)[:16],
            title=title,
            label=title or derive_label(abstract),
            abstract=abstract,
            source=str(path),
            **kw,
        )
    except ValidationError as exc:
        reason = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise ParseError(str(path), record, f"invalid field ({reason})") from exc


def _attempt(build: Callable[..., Paper], *args: Any, **kwargs: Any) -> Paper | ParseError:
    """``build(*args, **kwargs)``, or the ParseError it raised."""
    try:
        return build(*args, **kwargs)
    except ParseError as err:
        return err


def _from_mapping(path: Path, record: str | int, obj: Any) -> Paper:
    if not isinstance(obj, dict):
        raise ParseError(str(path), record, f"expected an object, got {type(obj).__name__}")
    data = {_norm_key(str(k)): v for k, v in obj.items() if k is not None}

    def get(name: str) -> Any:
        for key in _FIELDS[name]:
            if key in data and data[key] not in (None, ""):
                return data[key]
        return None

    return _make_paper(
        path, record,
        paper_id=get("id"), title=get("title"), abstract=get("abstract"),
        authors=_split_list(get("authors")), keywords=_split_list(get("keywords")),
        area=_clean(get("area")), venue=_clean(get("venue")), year=_year(get("year")),
        status=_clean(get("status")), affiliations=_parallel_list(get("affiliations")),
        session=_clean(get("session")), url=_clean(get("url")), tldr=_clean(get("tldr")),
    )


# --------------------------------------------------------------------------- text formats

_PARTICLES = frozenset({
    "van", "von", "der", "den", "de", "del", "della", "da", "di", "du", "dos", "la", "le", "el",
    "al", "bin", "ibn", "ben"})


_MARKUP = re.compile(r"#|\||```|[-*+>] ")


def _is_prose(text: str) -> bool:
    return len(text.split()) >= 15 and bool(re.search(r"[.!?](\s|$)", text))


def _is_area_line(line: str) -> bool:
    parts = line.split(" · ")
    return (len(parts) >= 2 and len(line) <= 150 and all(0 < len(p.strip()) <= 80 for p in parts)
            and not re.search(r"[.!?;:]$", line))


def _is_author_line(line: str) -> bool:
    """Short, comma-separated capitalised names, no sentence punctuation."""
    if len(line) > 600 or re.search(r"[;:!?$()\[\]{}]|\.\s*$|\. [a-z]", line):
        return False
    names = [n.strip() for n in re.split(r",|\band\b|&", line) if n.strip()]
    if not names:
        return False
    for name in names:
        words = name.split()
        if not 1 <= len(words) <= 5:
            return False
        if not all(w[0].isupper() or w.lower() in _PARTICLES for w in words):
            return False
    return len(names) > 1 or len(names[0].split()) <= 4


def _paragraphs(lines: list[str]) -> list[tuple[int, str]]:
    """(1-based line number, text) of each blank-line-separated paragraph."""
    out: list[tuple[int, str]] = []
    start, buf = 0, list[str]()
    for no, line in enumerate(lines, 1):
        if line.strip():
            if not buf:
                start = no
            buf.append(line.strip())
        elif buf:
            out.append((start, " ".join(buf)))
            buf = []
    if buf:
        out.append((start, " ".join(buf)))
    return out


def _split_header(paras: list[tuple[int, str]]) -> tuple[str, list[tuple[int, str]]]:
    if paras and not _is_prose(paras[0][1]) and len(paras[0][1]) <= 120:
        return paras[0][1], paras[1:]
    return "", paras


def _venue_from_header(header: str) -> tuple[str, int | None]:
    """``"NeurIPS 2026 论文列表"`` -> ("NeurIPS", 2026); anything else -> ("", None)."""
    match = re.match(r"\s*([A-Z][\w&-]*(?:\s+[A-Z][\w&-]*){0,3})\s*'?((?:19|20)\d\d)\b", header)
    return (match.group(1), int(match.group(2))) if match else ("", None)


def _parse_paperlist(path: Path, text: str) -> Iterator[Paper | ParseError]:
    header, paras = _split_header(_paragraphs(text.splitlines()))
    venue, year = _venue_from_header(header)
    for line_no, para in paras:
        if not _is_prose(para):
            yield ParseError(str(path), line_no, "paragraph is too short to be an abstract")
            continue
        yield _attempt(_make_paper, path, line_no, abstract=para, venue=venue, year=year)


def _parse_search_results(path: Path, text: str) -> Iterator[Paper | ParseError]:
    lines = text.splitlines()
    filled = [line.strip() for line in lines if line.strip()]
    # The first line is a header ("论文检索") unless it already starts a record.
    header = filled[0] if filled and not (_is_area_line(filled[0]) or (
        len(filled) > 1 and _is_author_line(filled[0]) and _is_prose(filled[1]))) else ""
    venue, year = _venue_from_header(header)
    area, authors, meta_line = "", None, 0
    abstract: list[str] = []
    abstract_line = 0

    def flush() -> Iterator[Paper | ParseError]:
        nonlocal area, authors, abstract
        if abstract:
            yield _attempt(
                _make_paper, path, abstract_line, abstract=" ".join(abstract),
                authors=authors or [], area=area, venue=venue, year=year)
        elif authors is not None:
            yield ParseError(str(path), meta_line, "author line without an abstract after it")
        area, authors, abstract = "", None, []

    body = iter(enumerate(lines, 1))
    if header:  # skip everything up to and including the header line
        next((no for no, raw in body if raw.strip()), None)
    for no, raw in body:
        line = raw.strip()
        if not line:
            if abstract:
                yield from flush()
        elif _is_area_line(line):
            yield from flush()
            area, meta_line = line, no
        elif _is_author_line(line) and not abstract:
            if authors is not None:
                yield from flush()
            authors, meta_line = _split_list(re.sub(r"\s+and\s+", ", ", line)), no
        else:
            if not abstract:
                abstract_line = no
            abstract.append(line)
    yield from flush()


# --------------------------------------------------------------------------- structured formats

def _parse_jsonl(path: Path, text: str) -> Iterator[Paper | ParseError]:
    for no, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            yield ParseError(str(path), no, f"invalid JSON ({exc.msg} at column {exc.colno})")
            continue
        yield _attempt(_from_mapping, path, no, obj)


def _json_records(path: Path, text: str) -> list[Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"{path}: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from exc
    if isinstance(data, dict):
        for key in ("papers", "data", "records", "items"):
            if isinstance(data.get(key), list):
                return list(data[key])
        return [data]
    if isinstance(data, list):
        return data
    raise InputError(f"{path}: expected a JSON array of objects, got {type(data).__name__}")


def _parse_json(path: Path, text: str) -> Iterator[Paper | ParseError]:
    for index, obj in enumerate(_json_records(path, text), 1):
        yield _attempt(_from_mapping, path, index, obj)


def _csv_delimiter(first_line: str) -> str | None:
    for delim in (",", "\t", ";"):
        header = next(csv.reader([first_line], delimiter=delim), [])
        if len(header) > 1 and any(_norm_key(h) in _ABSTRACT_KEYS for h in header):
            return delim
    return None


def _parse_csv(path: Path, text: str) -> Iterator[Paper | ParseError]:
    first = next((line for line in text.splitlines() if line.strip()), "")
    delim = _csv_delimiter(first)
    if delim is None:
        raise InputError(f"{path}: CSV header has no abstract/text/summary column")
    lines = text.splitlines(keepends=True)
    skip = next(i for i, line in enumerate(lines) if line.strip())  # leading blank lines
    reader = csv.DictReader(io.StringIO("".join(lines[skip:])), delimiter=delim)
    if not reader.fieldnames:  # reading the header row also advances line_num
        return
    previous = reader.line_num + skip
    for row in reader:
        start, previous = previous + 1, reader.line_num + skip
        if not any((v or "").strip() for k, v in row.items() if isinstance(v, str)):
            continue
        yield _attempt(_from_mapping, path, start, row)


# --------------------------------------------------------------------------- detection & entry

def detect_format(path: Path, text: str) -> str:
    """Tell the format of ``text`` (the content of ``path``) from its content."""
    stripped = text.lstrip("\ufeff \t\r\n")
    if re.match(r"\[\s*[{\]]", stripped):  # not "[section]" of an INI/TOML file
        return "json"
    if stripped.startswith("{"):
        try:
            whole = json.loads(stripped)
        except json.JSONDecodeError:
            whole = None
        if isinstance(whole, dict) and "\n" in stripped.strip():
            return "json"  # one pretty-printed object
        objects = []
        for line in stripped.splitlines()[:20]:
            try:
                obj = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(obj, dict):
                objects.append(obj)
        if not objects:
            return "json"  # broken JSON: the JSON reader says where
        return "beir" if all("_id" in o and "text" in o for o in objects) else "jsonl"
    first = stripped.splitlines()[0] if stripped else ""
    if _csv_delimiter(first):
        return "csv"
    paras = _split_header(_paragraphs(stripped.splitlines()))[1]
    lines = [ln.strip() for ln in stripped.splitlines()[1:] if ln.strip()]
    prose = [p for _, p in paras if _is_prose(p)]
    if any(_MARKUP.match(ln) for ln in lines):  # markdown (e.g. a README), code, tables
        prose = []
    if prose and (any(_is_area_line(ln) for ln in lines) or any(
            _is_author_line(a) and _is_prose(b) for a, b in pairwise(lines))):
        return "search-results"
    if prose and 2 * len(prose) >= len(paras):
        return "paperlist"
    raise InputError(
        f"{path}: cannot tell the format (expected one of: {', '.join(FORMATS)}); use --format")


_PARSERS: dict[str, Callable[[Path, str], Iterator[Paper | ParseError]]] = {
    "paperlist": _parse_paperlist,
    "search-results": _parse_search_results,
    "jsonl": _parse_jsonl,
    "beir": _parse_jsonl,
    "json": _parse_json,
    "csv": _parse_csv,
}


def parse_file(path: str | Path, fmt: str | None = None) -> ParseResult:
    """Read ``path`` (UTF-8, BOM allowed) as ``fmt`` (detected when None) into papers."""
    path = Path(path)
    if fmt is not None and fmt not in FORMATS:
        raise InputError(f"{path}: unknown format {fmt!r} (expected one of: {', '.join(FORMATS)})")
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text (byte {exc.start}); re-save it as UTF-8") from exc
    except OSError as exc:
        raise InputError(f"{path}: cannot read file ({exc.strerror or exc})") from exc
    if not text.strip():
        raise InputError(f"{path}: file is empty")
    fmt = fmt or detect_format(path, text)
    result = ParseResult(path=str(path), format=fmt)
    seen: set[str] = set()
    for item in _PARSERS[fmt](path, text):
        if isinstance(item, ParseError):
            result.skipped.append(item)
        elif item.paper_id in seen:
            result.skipped.append(ParseError(
                str(path), item.paper_id, "duplicate paper id; only the first record is kept"))
        else:
            seen.add(item.paper_id)
            result.papers.append(item)
    return result


# --------------------------------------------------------------------------- labels

_GREEK = dict(zip(re.findall(r"\w+", """
    alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi
    pi rho sigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Phi Psi
    Omega ell infty"""), "αβγδεεζηθθικλμνξπρστυφφχψωΓΔΘΛΞΠΣΦΨΩℓ∞", strict=True))

# Common acronyms that name a tool the paper uses, not the paper's own method.
_STOP = frozenset(s.lower() for s in re.findall(r"\w+", """
    SGD ReLU DQN LLM SVD MSE SOTA RL NLP CNN RNN GNN MLP GAN VAE BERT GPT PCA KL MDP ODE PDE LSTM
    ResNet ViT API GPU CPU AI ML OOD FT BP LoRA RMSE SSM IID QA NN DNN SNN PPO GRPO RLHF DPO
    CLIP VQA AUC ROC LP QP SDP MCMC EM KKT"""))

_NAME = r"[A-Za-z0-9][\w+^'-]*[\w+]"
_VERB = r"\b(?:propos(?:e|es|ing)|introduc(?:e|es|ing)|present(?:s|ing)?)\b"
_DETERMINERS = frozenset(re.findall(
    r"\w+", "a an the this that these our its their two three several some new novel it them here"))


def _label_text(text: str) -> str:
    """Abstract text with markdown emphasis, braces and LaTeX commands removed."""
    text = text.replace("*", "").replace("``", '"').replace("''", '"')
    text = re.sub(r"(?<![\w\\])(ext(?:bf|it|tt|sc))\{", r"\\t\1{", text)  # "\t" lost as a tab
    text = re.sub(r"\\href\{[^{}]*\}\{([^{}]*)\}", r"\1", text)
    previous = None
    while previous != text:
        previous, text = text, re.sub(r"\\[A-Za-z]+\{([^{}]*)\}", r"\1", text)
    text = re.sub(r"\\([A-Za-z]+)", lambda m: _GREEK.get(m.group(1), ""), text)
    text = re.sub(r"[{}$\\]", "", text)
    return re.sub(r"\s+", " ", text).strip()


def _name_like(token: str) -> bool:
    """CamelCase, acronym or hyphenated name such as MaxRL, GETO-LP, CoEvol-NO."""
    uppers = sum(c.isupper() for c in token)
    if len(token) < 2 or not (uppers >= 2 or (uppers and any(c.isdigit() for c in token))
                              or re.search(r"[a-z][A-Z]", token)):
        return False
    if not all(p[:1].isupper() or p[:1].isdigit() or any(c.isupper() for c in p)
               for p in token.split("-") if p):
        return False  # "SVD-based", "t-SNE"
    base = re.sub(r"-\d+$", "", token)
    base = base[:-1] if base.endswith("s") and base[:-1].isupper() else base
    return token.lower() not in _STOP and base.lower() not in _STOP


def _method_name(text: str) -> str:
    candidates: list[tuple[int, str]] = []
    for verb in re.finditer(_VERB, text):
        rest = text[verb.end():]
        sentence = re.split(r"\.\s+(?=[A-Z])", rest, maxsplit=1)[0]
        # "we propose GeoEvo, ..." but not "we propose Dual-Window Smoothing (DWS)"
        direct = re.match(rf"\s+(?:the\s+)?((?>{_NAME}))(?!\s+[A-Z])", rest)
        if direct and _name_like(direct.group(1)):
            candidates.append((verb.start(), direct.group(1)))
            continue
        for paren in re.finditer(rf"\(\s*({_NAME})\s*\)", sentence):
            if _name_like(paren.group(1)):
                candidates.append((verb.start(), paren.group(1)))
                break
        else:
            phrase = re.match(r"(?:\s+and\s+\w+)?\s+([^,.;()]{2,60}?),\s+an?\b", rest)
            if phrase:
                words = phrase.group(1).split()
                if (len(words) <= 5 and words[0].lower() not in _DETERMINERS
                        and not all(re.fullmatch(r"[a-z-]+", w) for w in words)):
                    candidates.append((verb.start(), phrase.group(1)))
    for pattern in (rf"\b({_NAME})\s+(?:introduces|proposes|presents)\b",
                    rf"\b(?:called|dubbed|named|termed)\s+[\"“']?({_NAME})"):
        for match in re.finditer(pattern, text):
            if _name_like(match.group(1)):
                candidates.append((match.start(), match.group(1)))
                break
    return min(candidates)[1] if candidates else ""


def _first_clause(text: str, limit: int = 80) -> str:
    sentence = re.split(r"(?<=[.!?])\s+(?=[A-Z\"“(])", text, maxsplit=1)[0].rstrip(".!? ")
    sentence = re.sub(r",? to (?:the best of )?our knowledge,?", "", sentence)
    depth = 0
    for i, ch in enumerate(sentence):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and ch in ",;:" and len(sentence[:i].split()) >= 6:
            sentence = sentence[:i]
            break
    if len(sentence) <= limit:
        return sentence
    cut = sentence[: limit - 1]
    cut = cut[: cut.rfind(" ")] if " " in cut else cut
    return cut.rstrip(" ,;:-(") + "…"


def derive_label(abstract: str) -> str:
    """Readable short name for an untitled abstract: the method it introduces, else its opening."""
    text = _label_text(abstract)
    label = _method_name(text) or _first_clause(text)
    return label.strip() or (abstract.strip()[:80] or "Untitled abstract")
