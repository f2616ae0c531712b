"""Query and index term handling for the lexical index.

Hyphenated and abbreviated terms must meet: "zeroth-order", "zero-order", "zeroth order" and "ZO"
are one concept. Four mechanisms, each small:
- compounds: "bi-level" is also indexed as "bilevel" (and matched as the phrase "bi level");
- curated synonym groups for common ML terms, indexed under one canonical token;
- acronyms the abstracts define themselves ("zeroth-order (ZO)", "neural radiance fields
  (NeRF)"), stored per paper, used to expand a query's acronym and, when deciding which papers
  name a question's words, to find papers writing only the acronym;
- curated word families Porter stemming keeps apart ("privacy" ~ "private"), when deciding
  which papers name a word, and curated words it takes for one another ("tokenization" is not
  "token", "continual" not "continuous"), which a paper must then write as such.
The same terms, synonyms and an abstract's own acronyms pick the sentences that show a paper
names a question's topic (:func:`sentence_order`, evidence) and catch a generated sentence
crediting a paper with terms its text lacks (:func:`terms_beyond`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import NamedTuple

__all__ = ["FUNCTION_WORDS", "STOPWORDS", "SYNONYMS", "YEAR", "Abbreviation", "Acronyms",
           "Concept", "acronym_definitions", "family_key", "fts_concepts", "fts_groups", "fts_literal",
           "fts_phrase", "fts_query", "index_terms", "is_term", "phrase_splits", "query_terms",
           "sentence_order", "sentence_scores", "singular", "split_group", "split_groups_written",
           "spelled_out", "terms_beyond", "topic_abbreviations", "with_synonyms", "writes"]

# English function words ("the", "anything"): capitalized after a capitalized word, part of a
# name ("Segment Anything", rag.questions._names_joined)
FUNCTION_WORDS = frozenset("""
a about above after again against all also am an and any are as at be because been before being
below between both but by can could did do does doing down during each few for from further had
has have having he her here hers herself him himself his how i if in into is it its itself just
me more most my myself no nor not now of off on once only or other our ours ourselves out over own
same she should so some such than that the their theirs them themselves then there these they
this those through to too under until up very was we were what when where which while who whom
why will with would you your yours yourself yourselves anything everything
""".split())
# ... and the words of questions about papers ("papers", "study", "method"): neither searched
STOPWORDS = FUNCTION_WORDS | frozenset("""
paper papers study studies studied studying investigate investigates investigated investigating
work works worked working research researched use uses using
used show list find tell give explain summarize summarise summary please any method
methods approach approaches propose proposed proposes citation citations cite cites citing
overview describe describes main key tell briefly detail details those these abstract
abstracts say says corpus indexed known what's that's there's it's pls plz thx findings
advances developments got gotten specifically particularly especially
""".split())

# A year as questions and venue names write it ("COLT 2024", "since 2023").
YEAR = r"(?:19|20)\d\d"

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
    "diffusionsyn": ("diffusion model", "diffusion models", "score-based generative",
                     "diffusion probabilistic model", "diffusion probabilistic models",
                     "denoising diffusion"),
    "minmaxsyn": ("min-max", "minimax", "saddle point", "saddle-point"),
    # what RLHF learns from, as papers name it without the acronym ("Methods that Learn from
    # Human Feedback", "Aligning ... using Human Feedback"); "reinforcement learning from human
    # feedback" is this and reinforcement learning (a surface never holds a stopword)
    "rlhfsyn": ("rlhf", "human feedback"),
    # "transfer" is what sim-to-real means: "Sim-to-Real RL", "the sim-to-real gap"
    "simtorealsyn": ("sim-to-real", "sim2real", "sim-to-real transfer", "sim2real transfer"),
    "seq2seqsyn": ("sequence-to-sequence", "seq2seq"),
    # the acronyms papers use without defining them, and "auto-encoder" beside "autoencoder"
    "vaesyn": ("vae", "vaes", "variational autoencoder", "variational autoencoders",
               "variational auto-encoder", "variational auto-encoders"),
    "gansyn": ("gan", "gans", "generative adversarial network", "generative adversarial networks",
               "generative adversarial net", "generative adversarial nets"),
    "pacbayessyn": ("pac-bayes", "pac-bayesian"),
}

# Words of one family that Porter stemming does not bring together ("differentially private"
# names differential privacy, "noisy labels" label noise). A question's word also matches the
# others when deciding which papers name it (not in the ranking query).
WORD_FAMILIES: tuple[tuple[str, ...], ...] = (
    ("private", "privacy"), ("noisy", "noise"), ("sparse", "sparsity"), ("stable", "stability"),
    ("accurate", "accuracy"), ("safe", "safety"), ("biological", "biology"),
    ("chemical", "chemistry"), ("molecular", "molecule"), ("medical", "medicine"),
    ("reduction", "reduce"),  # "Variance-Reduced" (stems "reduct" and "reduc")
    # plurals Porter stems apart from their singular ("bias" "bia", "biases" "bias")
    ("bias", "biases"), ("lens", "lenses"), ("analysis", "analyses"),
    ("hypothesis", "hypotheses"), ("matrix", "matrices"), ("index", "indices"),
    ("vertex", "vertices"), ("criterion", "criteria"), ("phenomenon", "phenomena"),
    ("simplex", "simplices"),
)
_FAMILY = {word: tuple(w for w in family if w != word)
           for family in WORD_FAMILIES for word in family}


_FAMILY_KEY = {word: family[0] for family in WORD_FAMILIES for word in family}


def family_key(word: str) -> str:
    """The first word of the :data:`WORD_FAMILIES` family a lower-case word is in ("privacy"
    -> "private"), else the word."""
    return _FAMILY_KEY.get(word, word)


# Words Porter stemming takes for one another though they differ ("tokenization" and "token",
# "transformers" and "transform", "generation" and "generalization", "continual" and
# "continuous", "reasoning" and "reasonable", "distributed" and "distribution"; each checked
# with SQLite's porter tokenizer): per stem, groups of word beginnings; a word
# belongs to the group of the longest beginning it starts with (the first such group where a
# beginning stands in two: one way only). A paper names a question's word of such a stem only
# where it writes a word of that word's group (:func:`split_group`). Bump
# store.lexical.SCHEMA_VERSION when this changes: each paper's groups are stored at ingest.
WORD_SPLITS: tuple[tuple[tuple[str, ...], ...], ...] = (
    (("tokeniz", "tokenis"), ("token",)),
    (("transformer",), ("transform",)),
    (("generat",), ("generaliz", "generalis"), ("general",)),
    (("continual",), ("continu",)),
    (("experien",), ("experiment",)),
    (("communicat",), ("communit",)),
    (("universal",), ("universit",), ("universe",)),
    # "optimizers" are the optimizer (Adam, SGD), not all optimization; "optimization" is
    # also what a paper on optimizers writes of
    (("optimizer", "optimiser"), ("optimiz", "optimis", "optimizer", "optimiser"),
     ("optimal", "optimum", "optima")),
    (("organiz", "organis"), ("organism",), ("organ",)),
    (("operator",), ("operat",)),
    (("activat",), ("activ",)),
    (("position",), ("positiv",)),
    (("meaning",), ("mean",)),
    (("abstraction",), ("abstract",)),
    (("news",), ("new",)),
    (("adapter",), ("adapt", "adapter")),  # "low-rank adapters" also name low-rank adaptation
    (("reasoning", "reasoner"), ("reasonab",), ("reason",)),
    (("sampling",), ("sampl",)),
    (("distributed",), ("distribut",)),
    (("normaliz", "normalis"), ("normal",)),
    (("objectiv",), ("object",)),
    (("regulariz", "regularis"), ("regular",)),
    (("complexit",), ("complex",)),
    (("probabilit",), ("probabl",)),
    (("differentiab", "differentiat"), ("differential",)),
    (("localiz", "localis"), ("local",)),
    (("personaliz", "personalis"), ("person",)),
    (("visualiz", "visualis"), ("visual",)),
    (("controller",), ("control",)),
    (("centraliz", "centralis"), ("central",)),
    # topic words that share a stem with a common word (the thirteenth session's word-sense
    # sets, evals/*_word_senses.json): "conformal" and "conformational", "additive" and
    # "additional", "variational" and "variations", "attribution" and "attributes"
    (("conformal",), ("conform",)),
    (("marginal",), ("margin",)),
    (("critical",), ("critic",)),
    (("multiplicati",), ("multipl",)),
    (("additiv",), ("addition",)),
    (("contrastiv",), ("contrast",)),
    (("relation",), ("relat",)),
    (("numerical",), ("numerous",)),
    (("inductiv",), ("induction",)),
    (("proximal",), ("proximit",)),
    (("conversation",), ("conversion",), ("converse",)),
    (("variational",), ("variat",)),
    (("effectiv",), ("effect",)),
    (("attribution",), ("attribut",)),
    (("completion",), ("complet",)),
    (("expressiv",), ("expression",), ("express",)),
    (("engineer",), ("engine",)),
    (("conservativ",), ("conserv",)),
    (("clipp",), ("clip",)),  # gradient clipping is no CLIP
    (("spiking",), ("spike",)),  # spiking neurons, not spiked matrices or spike sorting
    (("demonstration",), ("demonstrat",)),  # learning from demonstrations, not "we demonstrate"
    # a simulator (a physics engine, a driving simulator) is what a simulation runs on, not
    # every "simulated" result; a scheduler (of learning rates, jobs) likewise
    (("simulator",), ("simul", "simulator")),
    (("scheduler",), ("schedul", "scheduler")),
)

_WORD = re.compile(r"[A-Za-z0-9]+(?:[-‐‑–][A-Za-z0-9]+)*")
_ACRONYM = re.compile(r"\(\s*([A-Z][A-Za-z0-9-]{1,9}s?)\s*\)")
_WORD_TAIL = re.compile(r"[A-Za-z][\w-]*$")


def _norm(s: str) -> str:
    return re.sub(r"[-‐‑–\s]+", " ", s.lower()).strip()


_SURFACE = {_norm(form): canon for canon, forms in SYNONYMS.items() for form in forms}


# any surface of a synonym group, the longest first, as whole words of a normalised text
_ANY_SURFACE = re.compile(r"(?<![\w-])(?:" + "|".join(
    re.escape(s) for s in sorted(_SURFACE, key=len, reverse=True)) + r")(?![\w-])")


def with_synonyms(phrase: str) -> str:
    """``phrase`` normalised (lower case, hyphens as spaces), each :data:`SYNONYMS` surface in
    it as its canonical token ("Offline RL" and "offline reinforcement learning" ->
    "offline rlsyn")."""
    return _ANY_SURFACE.sub(lambda m: _SURFACE[m.group(0)], _norm(phrase))


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
    parts counted separately) spell the acronym: all its letters, or, for a mixed-case acronym,
    its capitals ("neural radiance fields (NeRF)", "low-rank adaptation (LoRA)").
    """
    out = []
    for m in _ACRONYM.finditer(text):
        words, acr = _words_before(text, m.start()), m.group(1)
        if not words:
            continue
        if acr.endswith("s") and acr[-2].isupper():
            acr = acr[:-1]  # "LLMs" -> "LLM", "NeRFs" -> "NeRF"
        spellings = [[c for c in acr.lower() if c.isalpha()]]
        capitals = [c.lower() for c in acr if c.isupper()]
        if len(capitals) >= 2 and not acr.isupper():
            spellings.append(capitals)
        if long_form := _spelled_by(words, spellings):
            out.append((acr, long_form))
    return out


def _spelled_by(words: list[str], spellings: list[list[str]]) -> str | None:
    """The shortest tail of ``words`` whose initials are one of ``spellings``."""
    for start in range(len(words) - 1, -1, -1):
        parts = [p for w in words[start:] for p in re.split(r"[-‐‑–]", w) if p]
        if [p[0].lower() for p in parts] in spellings:
            return " ".join(words[start:])
        if len(parts) > max(map(len, spellings)):
            return None
    return None


def _tokens(text: str) -> list[str]:
    return [m.group(0).lower() for m in _WORD.finditer(text)]


@dataclass(frozen=True)
class Abbreviation:
    """An acronym the corpus defines for a run of a question's words."""

    acronym: str    # lower case, as the index matches it: "nerf"
    long_form: str  # normalised, singular (:func:`singular`): "neural radiance field"


class Acronyms(dict[str, list[str]]):
    """The acronyms a corpus defines: acronym (lower case) -> its long forms, most frequent first
    (:meth:`store.lexical.PaperIndex.acronyms`). ``counts``: acronym -> long form -> how many
    papers define it so (1 each by default); ``written``: acronym -> the spellings its
    definitions use ("nerf" -> {"NeRF"}; its capitals by default)."""

    def __init__(self, table: Mapping[str, list[str]] | None = None, *,
                 counts: Mapping[str, Mapping[str, int]] | None = None,
                 written: Mapping[str, set[str]] | None = None) -> None:
        super().__init__(table or {})
        self.counts = {acr: dict(counts[acr]) if counts and acr in counts
                       else dict.fromkeys(expansions, 1) for acr, expansions in self.items()}
        self.written = dict(written or {})

    @classmethod
    def from_rows(cls, rows: Iterable[tuple[str, str, str, int]]) -> Acronyms:
        """From (acronym, long form, acronym as written, papers defining it so) rows."""
        counts: dict[str, dict[str, int]] = {}
        written: dict[str, set[str]] = {}
        for acr, exp, as_written, n in rows:
            forms = counts.setdefault(acr, {})
            forms[exp] = forms.get(exp, 0) + n
            written.setdefault(acr, set()).add(as_written)
        table = {acr: sorted(forms, key=lambda e: -forms[e]) for acr, forms in counts.items()}
        return cls(table, counts=counts, written=written)

    def spellings(self, acronym: str) -> set[str]:
        return self.written.get(acronym) or {acronym.upper()}

    def expanding(self, term: str, question: str) -> list[str]:
        """The long forms of a question's (lower-case) word read as an acronym: the word's own,
        or its singular's where the question writes it as the corpus spells that acronym and a
        plural "s" ("ViTs", "CNNs"; "maps" is no plural of "MAP")."""
        if term in self or not term.endswith("s") or term[:-1] not in self:
            return self.get(term, [])
        alternatives = "|".join(re.escape(s) for s in self.spellings(term[:-1]))
        written = re.search(rf"(?<!\w)(?:{alternatives})s(?!\w)", question) is not None
        return self[term[:-1]] if written else []

    def share(self, acronym: str, long_form: str) -> float:
        """The share of the acronym's definitions that spell out ``long_form`` (:func:`singular`)."""
        forms = self.counts.get(acronym, {})
        return sum(n for e, n in forms.items() if singular(e) == long_form) / (
            sum(forms.values()) or 1)

    @cached_property
    def long_forms(self) -> dict[str, list[str]]:
        """Long form (:func:`singular`) -> the acronyms for it, built once per table."""
        spelled: dict[str, list[str]] = {}
        for acr, expansions in self.items():
            for exp in expansions[:3]:
                acrs = spelled.setdefault(singular(exp), [])
                if acr not in acrs:
                    acrs.append(acr)
        return spelled

    def abbreviating(self, words: Sequence[str]) -> dict[int, list[Abbreviation]]:
        """Per position in ``words`` (a question's content words), the distinctive acronyms
        (three characters or more) the corpus defines for a run of two to six consecutive words
        holding it: "neural radiance fields" -> "nerf" at all three. Left out: two-letter
        acronyms ("MU" for machine unlearning is also the Greek letter, "DP" also dynamic
        programming) and those most of whose definitions spell out something else ("SSL" is
        more often self- than semi-supervised learning)."""
        out: dict[int, list[Abbreviation]] = {}
        for i in range(len(words)):
            for j in range(i + 2, min(len(words), i + 6) + 1):
                long_form = singular(" ".join(words[i:j]))
                for acr in self.long_forms.get(long_form, []):
                    if len(acr) >= 3 and self.share(acr, long_form) > 0.5:
                        for at in range(i, j):
                            out.setdefault(at, []).append(Abbreviation(acr, long_form))
        return out


def singular(phrase: str) -> str:
    """``phrase`` normalised (lower case, hyphens as spaces), each word without a plural "s"."""
    return " ".join(_singular_word(w) for w in _norm(phrase).split())


def _singular_word(word: str) -> str:
    """A lower-case word without a plural "s" ("models" -> "model"; not "loss", "gas")."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


@lru_cache(maxsize=4096)
def _split_groups_of(word: str) -> tuple[str, ...]:
    """The keys (first beginnings) of the :data:`WORD_SPLITS` groups holding the longest
    beginning ``word`` (lower case) starts with, in table order: "tokens" -> ("token",),
    "adapters" -> ("adapter", "adapt")."""
    longest = max((p for splits in WORD_SPLITS for group in splits for p in group
                   if word.startswith(p)), key=len, default=None)
    return tuple(group[0] for splits in WORD_SPLITS for group in splits if longest in group)


def split_group(word: str) -> str | None:
    """The key of the :data:`WORD_SPLITS` group ``word`` belongs to ("tokenization" ->
    "tokeniz", "tokens" -> "token"; the first where its beginning stands in two): a paper names
    ``word`` only where it writes a word of that group (:func:`split_groups_written`). None for
    a word Porter stemming takes for no other."""
    return next(iter(_split_groups_of(word.lower())), None)


# a word beginning as one of WORD_SPLITS does: where split_groups_written looks
_SPLIT_WORD = re.compile(r"(?<![^\W_])(?:" + "|".join(sorted(
    {re.escape(p) for splits in WORD_SPLITS for group in splits for p in group},
    key=len, reverse=True)) + r")\w*", re.IGNORECASE)


def split_groups_written(text: str) -> set[str]:
    """The keys of the :data:`WORD_SPLITS` groups ``text`` writes a word of (stored per paper
    at ingest, :class:`store.lexical.PaperIndex`): each word so beginning looked up once."""
    return {key for m in _SPLIT_WORD.finditer(text) for key in _split_groups_of(m.group(0).lower())}


def _acronyms(table: Mapping[str, list[str]] | None) -> Acronyms:
    return table if isinstance(table, Acronyms) else Acronyms(table)


def writes(text: str, spellings: set[str]) -> bool:
    """Whether ``text`` writes an acronym in one of ``spellings`` (case-sensitive, plural "s"
    allowed): "NeRFs" and "NeRF-based" for {"NeRF"}, not the "model zoo" for {"ZOO"}."""
    alternatives = "|".join(re.escape(s) for s in sorted(spellings, key=len, reverse=True))
    return re.search(rf"(?<!\w)(?:{alternatives})s?(?!\w)", text) is not None


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


_PART = re.compile(r"[A-Za-z0-9]+")


def _key(word: str) -> str:
    """What two words share when a sentence names a question's term: the first six letters of
    the singular ("models" ~ "model", "optimization" ~ "optimizer")."""
    return _singular_word(word.lower())[:6]


class _TermMatcher:
    """Which of a question's content terms a text names (:func:`_key`; hyphen parts count
    apart). A synonym names the words of the question it stands for ("LLMs" for large language
    models), and so does an acronym ``context`` (the abstract) defines for a run of them
    ("NeRF" written after "neural radiance fields (NeRF)")."""

    def __init__(self, query: str, context: str = "", *,
                 definitions: Sequence[tuple[str, str]] | None = None) -> None:
        """``definitions``: ``context``'s :func:`acronym_definitions`, where already known."""
        self.weight, spellings = _question_terms(query)
        self.aliases = list(spellings)  # (how a text writes it, the terms it names)
        if definitions is None:
            definitions = acronym_definitions(context) if self.weight else []
        for acronym, long_form in definitions if self.weight else []:
            keys = {_key(w) for w in _norm(long_form).split()}
            if keys <= self.weight.keys():  # as written: "NeRF", not a "nerf" dart
                self.aliases.append((re.compile(rf"(?<!\w){re.escape(acronym)}s?(?!\w)"),
                                     frozenset(keys)))

    def named(self, text: str) -> set[str]:
        found: set[str] = set()
        for written, keys in self.aliases:
            if written.search(text):
                found |= keys
        return found


@lru_cache(maxsize=256)
def _question_terms(query: str) -> tuple[Mapping[str, float],
                                         tuple[tuple[re.Pattern[str], frozenset[str]], ...]]:
    """A question's content terms (:func:`_key` -> log(1 + length)), and how a text names
    each: a word with the same key, or with a key of its :data:`WORD_FAMILIES` family
    ("stable" for "stability"; a pattern per key, faster than keying every word of the
    text), or a synonym-table surface of the question by any spelling of its synonym (built once
    per question)."""
    words = [p for t in query_terms(query) for p in _PART.findall(t)]
    weight = {_key(w): math.log(1 + len(w)) for w in words}
    keyed = {_key(w): _key(w) for w in words}  # each term's key, and its family's
    for w in words:
        for f in _FAMILY.get(w.lower(), ()):
            keyed.setdefault(_key(f), _key(w))
    spellings = [(re.compile(rf"(?<![A-Za-z0-9]){re.escape(k)}"  # six letters: any word so begun
                            + ("[A-Za-z0-9]*" if len(k) == 6 else "s?(?![A-Za-z0-9])"),
                            re.IGNORECASE), frozenset({term})) for k, term in keyed.items()]
    norm = " " + " ".join(_norm(t) for t in _tokens(query)) + " "
    for surface, canon in _SURFACE.items() if weight else []:
        if f" {surface} " in norm:
            forms = [r"[-‐‑–\s]+".join(map(re.escape, _norm(f).split())) for f in SYNONYMS[canon]]
            spellings.append((
                re.compile(rf"(?<![^\W_])(?:{'|'.join(forms)})(?![^\W_])", re.IGNORECASE),
                frozenset({_key(w) for w in surface.split()} & weight.keys())))
    return MappingProxyType(weight), tuple(spellings)  # shared by every caller: read-only


def sentence_scores(sentences: Sequence[str], query: str, context: str = "") -> list[float]:
    """How well each sentence names the question's content terms: the summed weight
    (log(1 + length)) of the terms it names, synonyms and acronyms ``context`` (the abstract)
    defines included (:class:`_TermMatcher`)."""
    matcher = _TermMatcher(query, context)
    if not matcher.weight:
        return [0.0] * len(sentences)
    return [sum((matcher.weight[k] for k in matcher.named(s)), 0.0) for s in sentences]


_CONTRIBUTION = re.compile(r"\b(?:we|our|this (?:paper|work|study|article))\b", re.IGNORECASE)


def sentence_order(sentences: Sequence[str], query: str, context: str = "") -> list[int]:
    """Indices of ``sentences``, best evidence first: naming more of the question's terms
    (:func:`sentence_scores`), then saying what the paper does ("we propose", "this paper")
    rather than setting the scene, then earlier."""
    scores = sentence_scores(sentences, query, context)
    return sorted(range(len(sentences)), key=lambda i: (
        -scores[i], _CONTRIBUTION.search(sentences[i]) is None, i))


def terms_beyond(text: str, source: str, query: str) -> set[str]:
    """The question's content terms (:func:`_key` forms) that ``text`` names and ``source``
    does not, synonyms and the source's own acronyms counted as in :func:`sentence_scores`:
    what a sentence about a paper claims of the question's topic beyond the paper's text. The
    question's topic phrase (:func:`_topic_pair`) counts as one more term, named only where
    its words stand together."""
    definitions = acronym_definitions(source)
    matcher = _TermMatcher(query, definitions=definitions)
    beyond = matcher.named(text) - matcher.named(source)
    # a topic phrase named together where the source has its words only apart: "protein
    # folding" of a paper on "protein inverse folding"
    if (phrase := _topic_phrase(query)) and _together(text, phrase[1], definitions) and not (
            _together(source, phrase[1], definitions)):
        beyond.add(phrase[0])
    return beyond


def _topic_phrase(query: str) -> tuple[str, list[frozenset[str]]] | None:
    """The question's topic phrase (:func:`_topic_pair`: "protein folding") and the
    :func:`_key` forms of each of its words (hyphen parts as words), a word's family
    (:data:`WORD_FAMILIES`) as alternatives. None where there is no phrase or a synonym-table
    surface of the question holds one of its words (the synonym names the topic in other
    words)."""
    pair = _topic_pair(query)
    if pair is None:
        return None
    _, first, second = pair
    norm = f" {_norm(' '.join(_tokens(query)))} "
    words = set(_norm(f"{first} {second}").split())
    if any(f" {surface} " in norm and words & set(surface.split()) for surface in _SURFACE):
        return None  # "large language models" is also "LLMs"
    out: list[frozenset[str]] = []
    for word in (first, second):
        parts = _PART.findall(word)
        out += [frozenset({_key(p)}) for p in parts[:-1]]
        out.append(frozenset(_key(w) for w in (parts[-1], *_FAMILY.get(parts[-1].lower(), ()))))
    return f"{first} {second}", out


def _together(text: str, phrase: Sequence[frozenset[str]],
              definitions: Sequence[tuple[str, str]]) -> bool:
    """Whether ``text`` names the words of ``phrase`` (:func:`_topic_phrase`) one after
    another, with only spaces or hyphens between them; the source's acronyms
    (``definitions``, :func:`acronym_definitions`) read as their long forms ("OOD
    detection"), their definitions skipped ("out-of-distribution (OOD) detection")."""
    for acronym, long_form in definitions:
        text = re.sub(rf"\s*\(\s*{re.escape(acronym)}s?\s*\)", " ", text)
        text = re.sub(rf"(?<![^\W_]){re.escape(acronym)}s?(?![^\W_])", long_form, text)
    n = len(phrase)
    for run in re.split(r"[^\w\s‐‑–-]+", text):  # words with only spaces or hyphens between
        keys = [_key(p) for p in _PART.findall(run)]
        if any(all(keys[i + j] in phrase[j] for j in range(n))
               for i in range(len(keys) - n + 1)):
            return True
    return False


def _quote(term: str) -> str:
    return '"' + term.replace('"', " ") + '"'


def fts_literal(text: str) -> str:
    """An FTS5 phrase matching ``text`` as words (hyphens as spaces): '"low rank adaptation"'."""
    return _quote(_norm(text))


def _topic_pair(query: str) -> tuple[list[str], str, str] | None:
    """The question's content terms and its last two when nothing stands between them (no
    stopword, no punctuation): the head of a noun compound naming its topic."""
    found = [(m.group(0).lower(), m.start(), m.end()) for m in _WORD.finditer(query)]
    terms = [(t, start, end) for t, start, end in found if is_term(t)]
    if len(terms) < 2:
        return None
    (first, _, gap_from), (second, gap_to, _) = terms[-2:]
    between = [t for t, start, _ in found if gap_from <= start < gap_to]
    if between or query[gap_from:gap_to].strip():
        return None
    return [t for t, _, _ in terms], first, second


def _modified_surface(query: str) -> tuple[list[str], str, str, int] | None:
    """Where the question's content terms end in a synonym-table surface with a modifier
    right before it ("offline reinforcement learning", "model-based RL", "multimodal LLMs"):
    the terms, the modifier, the surface's canonical token and the modifier's position."""
    found = [(m.group(0).lower(), m.start(), m.end()) for m in _WORD.finditer(query)]
    terms = [(t, start, end) for t, start, end in found if is_term(t)]
    words = [_norm(t) for t, _, _ in terms]
    for n in range(min(4, len(terms) - 1), 0, -1):
        canon = _SURFACE.get(" ".join(words[-n:]))
        at = len(terms) - n - 1
        if canon is None or words[at] in _SURFACE:
            continue
        gap = query[terms[at][2]:terms[at + 1][1]]
        return ([t for t, _, _ in terms], terms[at][0], canon, at) if not gap.strip() else None
    return None


def fts_phrase(query: str, acronyms: Mapping[str, list[str]] | None = None) -> str | None:
    """The question's topic as an FTS5 phrase, where it names one: its last two content terms
    when nothing stands between them (no stopword, no punctuation), the head of a noun compound:
    "continual learning", "(neural) radiance fields", "out-of-distribution detection". Papers
    naming both terms but never together ("continuous" control ... "learning") are then told
    apart from those naming the topic.

    The phrase is an OR of the spellings :func:`fts_groups` counts as the same terms: a hyphen
    equals a space, and acronyms the corpus defines (``acronyms``) stand for one term ("OOD
    detection"); an acronym for both ("DA" for "domain adaptation") or for a longer run of the
    question's words that holds both ("NeRF" for "neural radiance fields") is checked apart
    (:func:`topic_abbreviations`). None where the question ends in no such pair, or a term has
    synonym-table variants, which a phrase cannot hold ("bilevel" is also "bi-level"). A joined
    compound in the question ("multitask learning") does not match the text's "multi-task
    learning" as a phrase; such a paper is left to its cosine.

    Where the topic is a modifier and a synonym-table surface (:func:`_modified_surface`:
    "offline reinforcement learning", "model-based RL"), the phrase is the modifier before any
    of the surface's spellings ("offline RL", "model-based reinforcement learning"): a paper
    saying "model-free reinforcement learning" and "model-based" apart does not name it."""
    table = _acronyms(acronyms)

    def spellings(term: str) -> list[str]:
        own = ([_norm(term)] + list(_FAMILY.get(term, ()))
               + [_norm(e) for e in table.expanding(term, query)[:3]]  # an acronym
               + table.long_forms.get(singular(term), []))   # has one
        if (head := _based_head(term, table, query)) is not None:  # "LLM-based": "LLM" too
            canon = _SURFACE.get(head)
            own += [_norm(f) for f in SYNONYMS[canon]] if canon else spellings(head)
        return own

    if (modified := _modified_surface(query)) is not None:
        _, modifier, canon, _ = modified
        pairs = [(a, _norm(b)) for a in spellings(modifier) for b in SYNONYMS[canon]]
    elif (pair := _topic_pair(query)) is not None:
        _, first, second = pair
        words = [_norm(first), _norm(second)]
        if any(w in _SURFACE for w in words) or " ".join(words) in _SURFACE:
            return None
        pairs = [(a, b) for a in spellings(first) for b in spellings(second)]
    else:
        return None
    quoted = [_quote(x) for x in dict.fromkeys(f"{a} {b}" for a, b in pairs)]
    return quoted[0] if len(quoted) == 1 else "(" + " OR ".join(quoted) + ")"


def phrase_splits(query: str) -> list[str]:
    """The :data:`WORD_SPLITS` groups (:func:`split_group`) of the words of the question's
    topic phrase (:func:`fts_phrase`) that Porter stemming takes for others: a paper names
    "continual learning" only where it writes "continual" (not "continuous learning")."""
    modified = _modified_surface(query)
    pair = _topic_pair(query)
    words = [modified[1]] if modified else [] if pair is None else list(pair[1:])
    return [key for word in words if "-" not in word and (key := split_group(word)) is not None]


def topic_abbreviations(query: str, acronyms: Acronyms) -> list[Abbreviation]:
    """The acronyms the corpus defines for the question's topic phrase (:func:`fts_phrase`),
    most of whose definitions mean it ("DA" for "domain adaptation"), and the distinctive ones
    (:meth:`Acronyms.abbreviating`) for a longer run of the question's words holding it ("NeRF"
    for "neural radiance fields", whose phrase is "radiance fields"). They are not in the
    phrase because FTS5 ignores case: "AT" (adversarial training) would match every "at".
    Meant for questions :func:`fts_phrase` gives a phrase for; for a modifier and a surface
    ("multi-agent reinforcement learning"), those for the modifier and the whole surface
    ("MARL"), not the surface's alone ("RL")."""
    if (modified := _modified_surface(query)) is not None:
        terms, modifier, canon, first_at = modified  # any spelling of the surface
        phrases = [singular(f"{modifier} {form}") for form in SYNONYMS[canon]]
    elif (pair := _topic_pair(query)) is not None:
        terms, first_at = pair[0], len(pair[0]) - 2
        phrases = [singular(" ".join(terms[first_at:]))]
    else:
        return []
    whole = [Abbreviation(acr, phrase) for phrase in dict.fromkeys(phrases)
             for acr in acronyms.long_forms.get(phrase, []) if acronyms.share(acr, phrase) > 0.5]
    by_word = acronyms.abbreviating([_norm(t) for t in terms])
    longer = [a for a in by_word.get(first_at, []) if a in by_word.get(len(terms) - 1, [])]
    return list(dict.fromkeys(whole + longer))


_CANON = re.compile(r"\b(?:" + "|".join(map(re.escape, SYNONYMS)) + r")\b")


def spelled_out(expression: str) -> str:
    """An FTS5 expression (:func:`fts_concepts`) with each synonym group's canonical token,
    which only a paper's expansions column holds, replaced by the OR of its spellings: for
    matching one text column ("Zero-Order" in a title names zeroth-order)."""
    return _CANON.sub(lambda m: "(" + " OR ".join(
        dict.fromkeys(_quote(_norm(f)) for f in SYNONYMS[m.group(0)])) + ")", expression)


# a modifier "X-based" (or -powered, -driven, -enabled) where X is a synonym-table surface or
# an acronym the corpus defines: X alone stands for it ("LLM-based agents" are also "LLM
# agents"; "model-based RL" is no "model RL")
_BASED = re.compile(r"^(?P<head>[a-z0-9]+)[-‐‑–](?:based|powered|driven|enabled)$")


def _based_head(term: str, table: Acronyms, query: str) -> str | None:
    """The X of a question's (lower-case) word "X-based" that stands for it (:data:`_BASED`)."""
    m = _BASED.match(term)
    if m and (m.group("head") in _SURFACE or table.expanding(m.group("head"), query)):
        return m.group("head")
    return None


def fts_query(query: str, acronyms: Mapping[str, list[str]] | None = None) -> str:
    """The FTS5 MATCH expression that ranks papers (bm25): each content term OR its expansions,
    all OR-ed, without the alternatives that only decide which papers name a term (the prefix
    of long words, :data:`WORD_FAMILIES`).

    bm25 sums over every alternative a paper matches, so ``("properties" OR propert*)`` would
    count a long word twice, and the prefix also matches unrelated words: on SciFact train,
    ranking without it scores 0.685 nDCG@10 lexical, 0.750 hybrid; with it 0.675, 0.745. The
    prefix still decides which papers mention a term (:func:`fts_groups`, listings).
    """
    return " OR ".join(fts_groups(query, acronyms, matching=False))


def fts_groups(query: str, acronyms: Mapping[str, list[str]] | None = None, *,
               matching: bool = True) -> list[str]:
    """One FTS5 expression per concept of the query (:func:`fts_concepts`)."""
    return [c.expression for c in fts_concepts(query, acronyms, matching=matching)]


class Concept(NamedTuple):
    """One concept of a question (:func:`fts_concepts`)."""

    expression: str                   # FTS5 MATCH expression: the papers that name it
    abbreviations: list[Abbreviation]  # acronyms for a run of words holding it, checked apart
    split: str | None = None          # its word's WORD_SPLITS group, which a paper must write


def fts_concepts(query: str, acronyms: Mapping[str, list[str]] | None = None, *,
                 matching: bool = True) -> list[Concept]:
    """One FTS5 expression per concept of the query: a multi-word synonym surface ("reinforcement
    learning") is one group (the phrase OR its canonical token), every other content term one
    group (the term OR its expansions: joined compound, synonym token, an acronym's long forms).
    ``matching`` (deciding which papers name a term, not ranking them): a long single word also
    matches its first three quarters as a prefix ("sycophancy" ~ "sycophantic"), and a word its
    family (:data:`WORD_FAMILIES`: "privacy" ~ "private"), which Porter stemming misses.

    Beside each expression, the distinctive acronyms the corpus defines for a run of the
    question's words holding the term (:meth:`Acronyms.abbreviating`: "NeRF" names "neural",
    "radiance" and "fields"); they are not in the expression because FTS5 ignores case ("ZOO"
    for zeroth-order optimization is not the "model zoo"), see
    :meth:`store.lexical.PaperIndex.coverage`.

    ``matching``: a word Porter stemming takes for others (:data:`WORD_SPLITS`: "tokenization"
    for "token") carries the group of words a paper must write (:attr:`Concept.split`)."""
    table = _acronyms(acronyms)
    terms = query_terms(query)
    words = [_norm(t) for t in terms]
    concepts: dict[str, list[Abbreviation]] = {}
    split: dict[str, str | None] = {}
    consumed: set[int] = set()
    for surface, canon in sorted(_SURFACE.items(), key=lambda kv: -len(kv[0])):
        if " " not in surface:
            continue
        # a run of two terms or more ("reinforcement learning", "sim-to-real transfer"); a
        # surface one term spells ("sim-to-real") is that term's synonym, below. Each run is
        # grown only while it is no longer than the surface (linear in the question's length:
        # trying every pair of ends took minutes on a question of 1,500 words)
        for i in range(len(words)):
            run = words[i]
            for j in range(i + 2, len(words) + 1):
                run += " " + words[j - 1]
                if len(run) > len(surface):
                    break
                if run == surface and consumed.isdisjoint(range(i, j)):
                    consumed.update(range(i, j))
                    concepts.setdefault(f"({_quote(surface)} OR {canon})", [])
    abbreviated = table.abbreviating(words)
    # a name written with a capital inside ("TruthfulQA"): no word begun alike is it
    # ("truthful", "truthfulness")
    names = {w.lower() for w in re.findall(r"(?<![\w-])[\w-]*[a-z][A-Z][\w-]*", query)}
    for i, term in enumerate(terms):
        if i in consumed:
            continue
        alts: list[str] = []
        parts = [p for p in re.split(r"[-‐‑–]", term) if p]
        alts.append(_quote(" ".join(parts)))          # phrase: matches "a-b" and "a b"
        if len(parts) > 1:
            alts.append(_quote("".join(parts)))       # joined: matches "ab"
        elif matching and len(term) >= 9 and term.isalpha() and term not in names:
            # "sycophancy" ~ "sycophantic"
            alts.append(term[:max(7, round(len(term) * 0.75))] + "*")
        if matching:
            alts += [_quote(w) for w in _FAMILY.get(term, ())]
        if (synonym := _SURFACE.get(_norm(term))) is not None:
            alts.append(synonym)
        for exp in table.expanding(term.lower(), query)[:3]:
            alts.append(_quote(_norm(exp)))
        if (head := _based_head(term.lower(), table, query)) is not None:  # "LLM-based"
            alts.append(_quote(head))
            alts += [s for s in (_SURFACE.get(head),) if s is not None]
            alts += [_quote(_norm(exp)) for exp in table.expanding(head, query)[:3]]
        group = "(" + " OR ".join(alts) + ")" if len(alts) > 1 else alts[0]
        known = concepts.setdefault(group, [])
        known += [a for a in abbreviated.get(i, []) if a not in known]
        if matching and len(parts) == 1:
            split[group] = split_group(term)
    return [Concept(group, abbreviations, split.get(group))
            for group, abbreviations in concepts.items()]
