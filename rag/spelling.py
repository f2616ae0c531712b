"""British spellings read as American ones, for keyword matching only.

"Bayesian optimisation" and "Bayesian optimization" are one topic, but Porter stemming keeps
them apart ("optimis" and "optim"), so a question in one spelling missed the papers written in
the other (over the paperlists corpus, "Which papers study generalisation?" found 6 of the 69
papers whose title names it). The keyword index stores its text in American spelling and reads
every question so (:class:`store.lexical.PaperIndex`); what a user sees is never rewritten.

Words come from breame's list of 1,730 British spellings ("tumour", "modelling", "centre",
"optimise"), and for the technical words no dictionary lists, a rule: "-isation(s)" is
"-ization(s)", and "-ise", "-ised", "-ises", "-ising", "-iser(s)" after a stem of four letters
or more ending in l, m, n, r or t are "-ize" ... ("kernelised", "tokenisation", "quantise"),
but for the words where "-ise" is no suffix ("comprise", "expertise", "promise"). A few
British spellings that are also American words of another sense stay ("analyses", "gauge").
"""

from __future__ import annotations

import re
from functools import lru_cache

from breame.data.spelling_constants import BRITISH_ENGLISH_SPELLINGS

__all__ = ["american"]

_WORD = re.compile(r"[A-Za-z]{4,}")
_ISE = re.compile(r"^([a-z]{3,})isation(s?)$|^([a-z]{3,}[lmnrt])is(e|ed|es|ing|er|ers)$")
# stems whose "-ise" is part of the word, also at a longer word's end ("expertise",
# "unpromising"; "enterprise", "surprise": stems ending in "pr")
_NOT_A_SUFFIX = ("expert", "advert", "chast", "treat", "comprom", "prem", "prom", "surm",
                 "franch", "metropol")
# British spellings that are American words too, of another sense: "analyses" is the plural of
# "analysis" more often than a verb, "gauge" is American
_ALSO_AMERICAN = frozenset({"analyses", "gauge", "gauges", "gauged", "gauging"})


@lru_cache(maxsize=65536)
def _american_word(low: str) -> str:
    if low in _ALSO_AMERICAN:
        return low
    if (known := BRITISH_ENGLISH_SPELLINGS.get(low)) is not None:
        return known
    m = _ISE.match(low)
    if m is None:
        return low
    if m.group(1):
        return f"{m.group(1)}ization{m.group(2)}"
    stem = m.group(3)
    if stem.endswith(("pr", *_NOT_A_SUFFIX)):
        return low
    return f"{stem}iz{m.group(4)}"


def _respell(m: re.Match[str]) -> str:
    word = m.group(0)
    new = _american_word(word.lower())
    if new == word.lower():
        return word
    if word.isupper():
        return new.upper()
    return new[:1].upper() + new[1:] if word[:1].isupper() else new


def american(text: str) -> str:
    """``text`` with its British spellings in American ones ("Bayesian Optimisation of
    tumour models" -> "Bayesian Optimization of tumor models"), case kept; every other word
    as it is."""
    return _WORD.sub(_respell, text)
