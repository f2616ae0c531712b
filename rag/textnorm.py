"""Query and index term handling for the lexical index.

Hyphenated and abbreviated terms must meet: "zeroth-order", "zero-order", "zeroth order" and "ZO"
are one concept. Three mechanisms, each small:
- compounds: "bi-level" is also indexed as "bilevel" (and matched as the phrase "bi level");
- curated synonym groups for common ML terms, indexed under one canonical token;
- acronyms the abstracts define themselves ("zeroth-order (ZO)"), stored per paper and used to
  expand a query's acronym.
"""

from __future__ import annotations

import re

__all__ = ["STOPWORDS", "acronym_definitions", "fts_groups", "fts_phrase", "fts_query", "index_terms",
           "is_term", "query_terms"]

STOPWORDS = frozenset("""
a about above after again against all also am an and any are as at be because been before being
below between both but by can could did do does doing down during each few for from further had
has have having he her here hers herself him himself his how i if in into is it its itself just
me more most my myself no nor not now of off on once only or other our ours ourselves out over own
same she should so some such than that the their theirs them themselves then there these they
this those through to too under until up very was we were what when where which while who whom
why will with would you your yours yourself yourselves
paper papers study studies studied work works worked working research researched use uses using
used show list find tell give explain summarize summarise summary please any anything method
methods approach approaches propose proposed proposes citation citations cite cites citing
overview describe describes main key tell briefly detail details those these abstract
abstracts say says corpus indexed known
""".split())

# Canonical token -> surface forms (lower case; hyphens and spaces are equivalent).
SYNONYMS: dict[str, tuple[str, ...]] = {
    "zerothordersyn": ("zeroth-order", "zero-order", "zeroth order", "zero order",
                       "derivative-free", "gradient-free", "zo"),
    "bilevelsyn": ("bilevel", "bi-level"),
    "llmsyn": ("llm", "llms", "large language model", "large language models"),
    "rlsyn": ("reinforcement learning", "rl", "q-learning", "deep q-network", "deep q-networks",
              "dqn", "dqns", "markov decision process", "markov decision processes", "mdp",
              "mdps", "policy gradient", "policy gradients"),
    "gnnsyn": ("graph neural network", "graph neural networks", "gnn", "gnns"),
    "diffusionsyn": ("diffusion model", "diffusion models", "score-based generative"),
    "minmaxsyn": ("min-max", "minimax", "saddle point", "saddle-point"),
}

_WORD = re.compile(r"[A-Za-z0-9]+(?:[-‐‑–][A-Za-z0-9]+)*")
_ACRONYM = re.compile(r"\(\s*([A-Z][A-Za-z0-9-]{1,9}s?)\s*\)")
_WORD_TAIL = re.compile(r"[A-Za-z][\w-]*$")


def _norm(s: str) -> str:
    return re.sub(r"[-‐‑–\s]+", " ", s.lower()).strip()


_SURFACE = {_norm(form): canon for canon, forms in SYNONYMS.items() for form in forms}


def _words_before(text: str, end: int, limit: int = 6) -> list[str]:
    """Up to ``limit`` words (a letter, then word characters or hyphens) that run, separated
    only by whitespace, up to ``text[end]``; a token that is a word only at its tail (``3D``,
    ``(pre)training``) ends the run with that tail."""
    words: list[str] = []
    for tok in reversed(text[:end].split()[-limit:]):
        tail = _WORD_TAIL.search(tok)
        if tail is None:
            break
        words.append(tail.group(0))
        if tail.start() > 0:
            break
    return words[::-1]


def acronym_definitions(text: str) -> list[tuple[str, str]]:
    """('ZO', 'zeroth-order') pairs for each "long form (ACRONYM)" the text defines.

    The long form is the shortest run of words before the parenthesis whose initials (hyphen
    parts counted separately) spell the acronym.
    """
    out = []
    for m in _ACRONYM.finditer(text):
        words, acr = _words_before(text, m.start()), m.group(1)
        if not words:
            continue
        if acr.endswith("s") and acr[:-1].isupper():
            acr = acr[:-1]  # "LLMs" -> "LLM"
        letters = [c for c in acr.lower() if c.isalpha()]
        for start in range(len(words) - 1, -1, -1):
            parts = [p for w in words[start:] for p in re.split(r"[-‐‑–]", w) if p]
            if [p[0].lower() for p in parts] == letters:
                out.append((acr, " ".join(words[start:])))
                break
            if len(parts) > len(letters):
                break
    return out


def _tokens(text: str) -> list[str]:
    return [m.group(0).lower() for m in _WORD.finditer(text)]


def index_terms(text: str) -> list[str]:
    """Extra terms for a paper's ``expansions`` column: joined compounds and synonym tokens."""
    terms: set[str] = set()
    toks = _tokens(text)
    for tok in toks:
        if "-" in tok or "‐" in tok or "‑" in tok or "–" in tok:
            terms.add(re.sub(r"[-‐‑–]", "", tok))
    norm = " " + " ".join(_norm(t) for t in toks) + " "
    for surface, canon in _SURFACE.items():
        if f" {surface} " in norm:
            terms.add(canon)
    return sorted(terms)


def is_term(token: str) -> bool:
    """Whether a (lower-case) word of a question is a content term."""
    return token not in STOPWORDS and not (len(token) == 1 and token.isalpha())


def query_terms(query: str) -> list[str]:
    """Content words of a question (stopwords and question boilerplate removed)."""
    return [t for t in _tokens(query) if is_term(t)]


def _quote(term: str) -> str:
    return '"' + term.replace('"', " ") + '"'


def fts_phrase(query: str, acronyms: dict[str, list[str]] | None = None) -> str | None:
    """The question's topic as an FTS5 phrase, where it names one: its last two content terms
    when nothing stands between them (no stopword, no punctuation), the head of a noun compound:
    "continual learning", "(neural) radiance fields", "out-of-distribution detection". Papers
    naming both terms but never together ("continuous" control ... "learning") are then told
    apart from those naming the topic.

    The phrase is an OR of the spellings :func:`fts_groups` counts as the same terms: a hyphen
    equals a space, and acronyms the corpus defines (``acronyms``) stand for one term ("OOD
    detection") or for both ("DA" for "domain adaptation"). None where the question ends in no
    such pair, or a term has synonym-table variants, which a phrase cannot hold ("bilevel" is
    also "bi-level"). A joined compound in the question ("multitask learning") does not match
    the text's "multi-task learning" as a phrase; such a paper is left to its cosine."""
    acronyms = acronyms or {}
    found = [(m.group(0).lower(), m.start(), m.end()) for m in _WORD.finditer(query)]
    terms = [(t, start, end) for t, start, end in found if is_term(t)]
    if len(terms) < 2:
        return None
    (first, _, gap_from), (second, gap_to, _) = terms[-2:]
    between = [t for t, start, _ in found if gap_from <= start < gap_to]
    if between or query[gap_from:gap_to].strip():
        return None
    words = [_norm(first), _norm(second)]
    if any(w in _SURFACE for w in words) or " ".join(words) in _SURFACE:
        return None
    spelled: dict[str, list[str]] = {}  # long form -> acronyms that abbreviate it
    for acr, expansions in acronyms.items():
        for exp in expansions[:3]:
            spelled.setdefault(_norm(exp), []).append(acr)

    def spellings(term: str) -> list[str]:
        return ([_norm(term)] + [_norm(e) for e in acronyms.get(term, [])[:3]]  # an acronym
                + spelled.get(_norm(term), []))                                # has one

    phrases = [f"{a} {b}" for a in spellings(first) for b in spellings(second)]
    quoted = [_quote(x) for x in dict.fromkeys(phrases + spelled.get(" ".join(words), []))]
    return quoted[0] if len(quoted) == 1 else "(" + " OR ".join(quoted) + ")"


def fts_query(query: str, acronyms: dict[str, list[str]] | None = None) -> str:
    """The FTS5 MATCH expression that ranks papers (bm25): each content term OR its expansions,
    all OR-ed, without the prefix alternative of long words.

    bm25 sums over every alternative a paper matches, so ``("properties" OR propert*)`` would
    count a long word twice, and the prefix also matches unrelated words: on SciFact train,
    ranking without it scores 0.685 nDCG@10 lexical, 0.750 hybrid; with it 0.675, 0.745. The
    prefix still decides which papers mention a term (:func:`fts_groups`, listings).
    """
    return " OR ".join(fts_groups(query, acronyms, prefix=False))


def fts_groups(query: str, acronyms: dict[str, list[str]] | None = None, *,
               prefix: bool = True) -> list[str]:
    """One FTS5 expression per concept of the query: a multi-word synonym surface ("reinforcement
    learning") is one group (the phrase OR its canonical token), every other content term one
    group (the term OR its expansions). ``prefix``: a long single word also matches its first
    three quarters as a prefix ("sycophancy" ~ "sycophantic"), which Porter stemming misses."""
    acronyms = acronyms or {}
    terms = query_terms(query)
    words = [_norm(t) for t in terms]
    groups: list[str] = []
    consumed: set[int] = set()
    for surface, canon in sorted(_SURFACE.items(), key=lambda kv: -len(kv[0])):
        n = surface.count(" ") + 1
        if n == 1:
            continue
        for i in range(len(words) - n + 1):
            if consumed.isdisjoint(range(i, i + n)) and " ".join(words[i:i + n]) == surface:
                consumed.update(range(i, i + n))
                group = f"({_quote(surface)} OR {canon})"
                if group not in groups:
                    groups.append(group)
    for i, term in enumerate(terms):
        if i in consumed:
            continue
        alts: list[str] = []
        parts = [p for p in re.split(r"[-‐‑–]", term) if p]
        alts.append(_quote(" ".join(parts)))          # phrase: matches "a-b" and "a b"
        if len(parts) > 1:
            alts.append(_quote("".join(parts)))       # joined: matches "ab"
        elif prefix and len(term) >= 9 and term.isalpha():  # "sycophancy" ~ "sycophantic"
            alts.append(term[:max(7, round(len(term) * 0.75))] + "*")
        if (synonym := _SURFACE.get(_norm(term))) is not None:
            alts.append(synonym)
        for exp in acronyms.get(term.lower(), [])[:3]:
            alts.append(_quote(_norm(exp)))
        group = "(" + " OR ".join(alts) + ")" if len(alts) > 1 else alts[0]
        if group not in groups:
            groups.append(group)
    return groups
