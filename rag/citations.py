r"""Citation markers: parse, validate against the retrieved sources, and constrain generation.

A marker is ``[n]`` (or ``[n, m]``) with n the 1-based number of a source given to the model.
Generation is constrained by a GBNF grammar that can only produce valid numbers; afterwards
every marker is checked again, invalid ones (unknown numbers, ranges) are removed and reported.
Brackets inside LaTeX (``$x \in [0, 1]$``) are not markers; text pasted from abstracts is
:func:`neutralize` d first, so "Ito [2021]" cannot pass for a citation.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from rag.retrieval import split_sentences
from rag.textnorm import STOPWORDS

__all__ = ["MARKER", "Validated", "citation_grammar", "detex", "grounding", "invents_facts",
           "is_degenerate", "neutralize", "parse_markers", "sentence_grammar", "sub_markers", "validate"]

MARKER = re.compile(r"\[(\s*\d+(?:\s*[,;\-–]\s*\d+)*\s*)\]")
_MATH = re.compile(r"\$\$.+?\$\$|\$[^$\n]+?\$", re.S)


def sub_markers(text: str, repl: Callable[[re.Match[str]], str]) -> str:
    """``MARKER.sub(repl, text)``, leaving LaTeX math spans alone."""
    out, last = [], 0
    for m in _MATH.finditer(text):
        out.append(MARKER.sub(repl, text[last:m.start()]))
        out.append(m.group(0))
        last = m.end()
    out.append(MARKER.sub(repl, text[last:]))
    return "".join(out)


def _markers(text: str) -> list[re.Match[str]]:
    found: list[re.Match[str]] = []
    sub_markers(text, lambda m: found.append(m) or m.group(0))  # type: ignore[func-returns-value]
    return found


def _numbers(marker: re.Match[str]) -> list[int] | None:
    """The numbers of a marker; None for a range ("[1-3]"), which is never a valid citation."""
    body = marker.group(1)
    if re.search(r"[\-–]", body):
        return None
    return [int(n) for n in re.split(r"[,;]", body)]


def parse_markers(text: str) -> list[int]:
    """All source numbers cited in ``text``, in order (duplicates kept; ranges skipped)."""
    return [n for m in _markers(text) for n in (_numbers(m) or [])]


def neutralize(text: str) -> str:
    """Text from an abstract or a title, with bracketed numbers outside math turned into
    parentheses ("Ito [2021]" -> "Ito (2021)"), so that only the pipeline's markers remain."""
    return sub_markers(text, lambda m: f"({m.group(1)})")


# LaTeX text commands abstracts carry outside math (604 of the 7,486 papers in ../shared
# datasets: \emph 450 times, \textit, \textbf, \url, \texttt ...), as Markdown
_TEX_COMMAND = re.compile(r"\\(emph|textit|textbf|texttt|textsc|underline|url|textsuperscript)"
                          r"\{([^{}$]*)\}")
_TEX_CITE = re.compile(r"\s*\\cite[pt]?\{[^{}]*\}")
_TEX_GROUP = re.compile(r"\{\\(em|it|bf)\s+([^{}$]*)\}")
_TEX_HREF = re.compile(r"\\href\{[^{}]*\}\{([^{}$]*)\}")
_TEX_MARKDOWN = {"emph": "*", "textit": "*", "em": "*", "it": "*", "textbf": "**", "bf": "**",
                 "texttt": "`"}


def detex(text: str) -> str:
    """``text`` with LaTeX text commands outside math written as Markdown ("\\emph{all}" ->
    "*all*", "\\textbf{x}" -> "**x**", "\\url{u}" -> "u", citations dropped); ``$...$`` math
    is left for the renderer."""
    def plain(segment: str) -> str:
        segment = _TEX_CITE.sub("", _TEX_HREF.sub(r"\1", segment))
        for pattern in (_TEX_COMMAND, _TEX_GROUP):
            segment = pattern.sub(lambda m: (_TEX_MARKDOWN.get(m.group(1), "") + m.group(2).strip()
                                             + _TEX_MARKDOWN.get(m.group(1), "")), segment)
        return segment
    return "".join(part if n % 2 else plain(part)
                   for n, part in enumerate(re.split(f"({_MATH.pattern})", text, flags=re.S)))


@dataclass
class Validated:
    text: str
    cited: list[int] = field(default_factory=list)        # valid numbers, first-use order
    invalid: list[str] = field(default_factory=list)      # removed markers, as written
    unsupported: list[str] = field(default_factory=list)  # sentences without a valid marker


def validate(text: str, n_sources: int, *, by_line: bool = False) -> Validated:
    """Keep markers that name a source 1..n_sources; drop the rest and report them. A sentence
    without a valid marker is reported unsupported; ``by_line``: a line (one listed paper,
    "An T. Le et al." in it, whose initials would end a sentence)."""
    out = Validated(text="")
    cited: list[int] = []

    def fix(m: re.Match[str]) -> str:
        nums = _numbers(m)
        if nums is None:
            out.invalid.append(m.group(0))
            return ""
        good = [n for n in nums if 1 <= n <= n_sources]
        if len(good) < len(nums):
            out.invalid.append(m.group(0))
        for n in good:
            if n not in cited:
                cited.append(n)
        return "".join(f"[{n}]" for n in dict.fromkeys(good))

    cleaned = sub_markers(text, fix)
    cleaned = re.sub(r"[ \t]+([.,;:])", r"\1", re.sub(r"[ \t]{2,}", " ", cleaned)).strip()
    out.text, out.cited = cleaned, cited
    units = cleaned.splitlines() if by_line else split_sentences(cleaned)
    out.unsupported = [s for s in units if not _markers(s)
                       and len(re.findall(r"[A-Za-z]{3,}", s)) >= 4]
    return out


def _content_words(text: str) -> list[str]:
    return [w.lower()[:6] for w in re.findall(r"[A-Za-z][A-Za-z0-9-]{2,}", text)
            if w.lower() not in STOPWORDS]


def grounding(sentence: str, source: str, question: str = "") -> float:
    """Share of the sentence's content words (6-char stems) found in the source or question."""
    words = _content_words(MARKER.sub(" ", sentence))
    if not words:
        return 0.0
    known = set(_content_words(source)) | set(_content_words(question))
    return sum(w in known for w in words) / len(words)


_INVENTED = re.compile(r"\b(titled|entitled|published|university|et al|conference|journal)\b", re.IGNORECASE)
# praise an abstract does not give itself ("a groundbreaking work in the field")
_PRAISE = re.compile(r"\b(ground-?breaking|seminal|pioneering|landmark|revolution\w*|breakthrough"
                     r"|renowned|prime example|well-known|widely (?:used|cited|regarded|recogni[sz]ed)"
                     r"|extensively (?:studied|analy[sz]ed))\b", re.IGNORECASE)


_ACRONYM_WORD = re.compile(r"(?<![\w-])[A-Za-z]*[A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9]*?(?=s?(?![\w-]))")


def invents_facts(text: str, source: str, context: str = "") -> bool:
    """Bibliographic talk, praise, numbers, formulas or acronyms that are not in the source:
    what tiny models make up. A formula must be the source's, spaces aside
    ("$\\Omega(\\kappa^{3/2}\\epsilon)$" for the source's "$\\Omega(\\kappa^{3/2}\\epsilon^{-2})$"
    is not), and whole (an odd "$"); an acronym ("LDSCS") the source's or the ``context``'s
    (the question, the whole abstract), as written (a plural "s" aside)."""
    for claim in (_INVENTED, _PRAISE):
        if claim.search(text) and not claim.search(source):
            return True
    known = set(_ACRONYM_WORD.findall(f"{source} {context}"))
    if any(a not in known for a in _ACRONYM_WORD.findall(_MATH.sub(" ", text))):
        return True
    if text.count("$") % 2 or any(_squeezed(m) not in _squeezed(source)
                                  for m in _MATH.findall(text)):
        return True
    return any(num not in source for num in re.findall(r"\b\d{2,}\b", MARKER.sub(" ", text)))


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def is_degenerate(text: str) -> bool:
    """Marker spam, runaway repetition or no real words: the failure modes of tiny models."""
    words = re.findall(r"[A-Za-z]{2,}", MARKER.sub(" ", text))
    if len(words) < 4:
        return True
    if len(MARKER.findall(text)) > max(3, len(words) // 4):
        return True
    trigrams = Counter(zip(words, words[1:], words[2:]))
    return bool(trigrams) and trigrams.most_common(1)[0][1] >= 3


def sentence_grammar(min_chars: int = 15, max_chars: int = 240) -> str:
    """GBNF for one plain sentence: no brackets (so no citation can be invented), no newline."""
    return (f'root ::= [A-Z0-9] [^\\[\\]\\n"]{{{min_chars},{max_chars}}} [.]\n')


def citation_grammar(n_sources: int, max_sentences: int = 5) -> str:
    """GBNF: sentences that each end with markers naming only sources 1..n_sources."""
    if n_sources < 1:
        raise ValueError("no sources to cite")
    nums = " | ".join(f'"{n}"' for n in range(1, n_sources + 1))
    return (
        f'root ::= sentence (" " sentence){{0,{max_sentences - 1}}}\n'
        'sentence ::= [A-Z0-9] [^\\[\\]\\n]{8,300} " " cite cite? "."\n'
        'cite ::= "[" num "]"\n'
        f"num ::= {nums}\n")
