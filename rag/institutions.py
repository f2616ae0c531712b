"""Institution names as questions write them and as affiliations do ("MIT", "Massachusetts
Institute of Technology"): the other spellings of a name, and the pattern that finds any of
them in an affiliation (:func:`name_pattern`, used by the catalog's affiliation filter).

Affiliations are matched word by word, with accents folded ("Zurich" finds "Zürich"), any run of
spaces and punctuation between words ("University of California Berkeley" finds "University of
California, Berkeley"); a name under five characters only as written ("MIT", not "smith"), a
longer one in any case.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from functools import lru_cache

__all__ = ["INSTITUTIONS", "fold", "institution_candidates", "looks_like_institution",
           "name_pattern", "spellings"]

# Spellings naming one institution; a name a question writes finds every spelling of its group.
INSTITUTIONS: tuple[tuple[str, ...], ...] = (
    ("MIT", "Massachusetts Institute of Technology"),
    ("CMU", "Carnegie Mellon"),
    ("UC Berkeley", "University of California, Berkeley"),
    ("UCLA", "University of California, Los Angeles"),
    ("UCSD", "UC San Diego", "University of California, San Diego"),
    ("UIUC", "Urbana-Champaign", "Urbana Champaign"),
    ("UT Austin", "University of Texas at Austin"),
    ("USC", "University of Southern California"),
    ("NYU", "New York University"),
    ("Georgia Tech", "Georgia Institute of Technology"),
    ("Caltech", "California Institute of Technology"),
    ("UCL", "University College London"),
    ("ETH", "ETH Zurich", "Eidgenossische Technische Hochschule"),
    ("EPFL", "Ecole Polytechnique Federale de Lausanne"),
    ("KAIST", "Korea Advanced Institute of Science"),
    ("NUS", "National University of Singapore"),
    ("NTU", "Nanyang Technological University"),
    ("HKUST", "Hong Kong University of Science and Technology"),
    ("CUHK", "Chinese University of Hong Kong"),
    ("SJTU", "Shanghai Jiao Tong University", "Shanghai Jiaotong University"),
    ("PKU", "Peking University"),
    ("USTC", "University of Science and Technology of China"),
    ("TTIC", "Toyota Technological Institute at Chicago"),
    ("DeepMind", "Google DeepMind"),
    ("Meta", "Facebook", "FAIR"),
)


def fold(text: str) -> str:
    """``text`` without accents ("Zürich" -> "Zurich")."""
    return "".join(c for c in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(c))


def _key(name: str) -> tuple[str, ...]:
    return tuple(re.findall(r"\w+", fold(name).lower()))


_GROUPS = {_key(name): group for group in INSTITUTIONS for name in group}


def spellings(name: str) -> tuple[str, ...]:
    """``name`` and the other spellings of its institution (:data:`INSTITUTIONS`)."""
    group = _GROUPS.get(_key(name), ())
    return (name, *(s for s in group if _key(s) != _key(name)))


def _one(name: str) -> str:
    words = re.findall(r"\w+", fold(name))
    body = r"[\W_]+".join(map(re.escape, words))
    return body if len(name) < 5 else f"(?i:{body})"


@lru_cache(maxsize=256)
def name_pattern(name: str) -> str:
    """A regex finding ``name`` or another spelling of its institution as whole words in folded
    affiliation text (:func:`fold`); '' for a name without a word."""
    alts = [_one(s) for s in spellings(name) if re.search(r"\w", s)]
    return rf"(?<!\w)(?:{'|'.join(alts)})(?!\w)" if alts else ""


# what stands before an institution: "papers from MIT", "at Stanford", "affiliated with Google"
_LEAD = re.compile(r"\b(?:from|at|affiliated\s+with)\s+(?:the\s+)?", re.IGNORECASE)
_NAME_WORD = re.compile(r"[^\W\d_][\w&.'-]*")
_NAME_JOINS = frozenset({"of", "at", "for", "de", "di", "la", "du", "in"})


def institution_candidates(text: str) -> Iterator[tuple[str, str]]:
    """The names ``text`` may give an institution by: the run of capitalized words after
    "from", "at" or "affiliated with", joined by "of", "at" and such ("from University of
    Texas at Austin on ...": all of it; "from the DeepMind Control Suite": all of it, so no
    institution). Yields (name, the words naming it with their lead), as written."""
    for lead in _LEAD.finditer(text):
        rest = text[lead.end():]
        words = list(_NAME_WORD.finditer(rest))[:8]
        ends = []
        for word in words:
            if not (word.group(0)[:1].isupper() or word.group(0).lower() in _NAME_JOINS) or (
                    re.search(r"[^\w\s,&.'-]", rest[:word.end()])):
                break
            if word.group(0)[:1].isupper():
                ends.append(word.end())
        if ends:
            yield rest[:ends[-1]], text[lead.start():lead.end() + ends[-1]]


_ORGANIZATION = re.compile(
    r"\b(?:University|Universit[äéà]t?|Institute|College|School|Laborator(?:y|ies)|Labs?"
    r"|Research|Inc|Corporation|Google|Microsoft|OpenAI|NVIDIA|Amazon|Apple|IBM|Stanford"
    r"|Harvard|Princeton|Berkeley|Oxford|Cambridge|Tsinghua|Mila|Inria|INRIA)\b")


def looks_like_institution(name: str) -> bool:
    """Whether ``name`` reads as an institution: one of :data:`INSTITUTIONS`, or a name with a
    word such as "University", "Institute", "Research" or a large lab's."""
    return len(spellings(name)) > 1 or bool(_ORGANIZATION.search(name))
