"""Every prompt PaperChat sends, as module constants. Template variables are checked by
:func:`render` (a missing or extra variable is an error, not a silent blank).

CANNOT_ANSWER_PHRASE is shared by the refusal path and the tests.
"""

from __future__ import annotations

import string

__all__ = [
    "AFFILIATIONS_PARTIAL", "ASPECT_UNNAMED", "AUTHOR_RESPELLED", "BESIDES_LAST",
    "BIBTEX", "CANNOT_ANSWER_PHRASE", "CITING", "COMPARE_HEADER", "COMPARE_SHARED", "CSV", "DATED",
    "EVERYTHING_HEADER", "FOREIGN", "HELD_HEADER", "HELD_NARROWED_HEADER", "HELD_NARROWED_NONE",
    "HELD_ONE", "HELD_ONE_NONE",
    "HELP", "JUDGEMENT", "JUDGEMENT_ASK_A_TOPIC", "JUDGEMENT_LISTED", "LIKE_HEADER",
    "LIKE_HEADER_NONE", "LIKE_TEXT_HEADER", "LIKE_WHAT", "LIKE_WHICH", "LINKS", "LISTING_HEADER",
    "LISTING_HEADER_CLOSEST", "LISTING_HEADER_NONE", "LISTING_HEADER_SOME", "LISTING_MORE",
    "MORE_HEADER", "MORE_PAPERS",
    "NOT_INDEXED", "NOT_INDEXED_CLOSE", "NOT_THAT_STATUS", "NOT_THAT_YEAR", "NO_AFFILIATIONS",
    "NO_AFFILIATIONS_DROPPED", "NO_COAUTHORS", "NO_LINKS", "NO_LIST", "NO_LIST_TO_PICK", "NO_LIST_YET",
    "NO_MATCH_IN_SELECTION", "NO_MATCH_IN_SELECTION_ONE", "NO_MORE", "NO_MORE_ONE",
    "NO_SUCH_AUTHOR", "NO_SUCH_TOPIC", "NO_TITLES", "NO_YEARS", "ONE_TO_COMPARE", "ONE_YEAR", "ONLY_LEFT_OUT",
    "OTHER_SESSION", "OTHER_VENUE", "OTHER_YEARS", "PARTS_APART", "PICK_BEYOND", "PICKED_TITLES",
    "REASON_SYSTEM", "REASON_USER",
    "RECOUNT_EARLIER", "RECOUNT_HEADER", "RESPELLED", "REST_HEADER", "SHARE", "SHARE_OF",
    "SHARE_OF_ALL", "SHARE_OF_ANSWER", "SHARE_OF_BEFORE", "SHARE_OF_HELD", "SHARE_OF_NONE",
    "SHARE_OF_NOTHING", "SHARE_OF_TOPIC", "SHARE_OF_TOPIC_PART", "SIDE_UNWRITTEN", "SUMMARY_HEADER",
    "SUMMARY_HEADER_NONE", "SUMMARY_HEADER_NONE_MORE", "SUMMARY_OF_NARROWED",
    "SYNTHESIS_SYSTEM", "SYNTHESIS_USER", "TALLY_BY_TOPIC", "TALLY_BY_TREND", "TALLY_BY_YEAR",
    "TALLY_HEADER", "TALLY_MISSING", "TALLY_MORE", "TALLY_NONE", "THANKS", "TITLE_NAMES", "TOPICS_ASK",
    "TOPICS_NONE", "TOPIC_PAPERS", "TRENDS_FLAT", "TRENDS_NONE", "TRENDS_WITHIN_CHANCE",
    "UNWRITTEN", "VAGUE", "WHICH_AUTHOR", "WHICH_BETTER", "render"]

CANNOT_ANSWER_PHRASE = "The indexed abstracts do not cover this"

# {answer}: "the previous answer", or "the earlier answer on “LoRA”" (a follow-up narrowing
# an earlier listing: "which of the LoRA papers ...?")
NO_MATCH_IN_SELECTION = "None of the {count} papers from {answer} match \u201c{topic}\u201d."
NO_MATCH_IN_SELECTION_ONE = "The paper from {answer} does not match \u201c{topic}\u201d."

LISTING_MORE = ("\u2026 and {more} more; all {count} are in the list of papers (sources panel, "
                "JSON), or ask \u201cmore\u201d.")

# {where}: "in the indexed abstracts" ("from COLT 2024 in the indexed abstracts" where the
# question names a venue and years), or "of the 6 from the previous answer" (narrowing);
# {nothing}: "No indexed abstract", or "None of the 6 papers from the previous answer";
# {order}: "" (the closest first), or ", newest first" ("recent papers on X").
LISTING_HEADER = "{count} paper{s} {where} match{es} \u201c{topic}\u201d{order}:"

# A summary drawing on fewer papers than match (llm.summary_sources of them); {where} as above.
# {first}: "" or, for an aspect ("the limitations of X"), ", those naming limitations first".
SUMMARY_HEADER = ("{count} papers {where} match \u201c{topic}\u201d; from the {shown} closest{first} "
                  "(all {count} are in the list of papers):")

# ... where no paper names the topic ("summarize the papers on RL for chip design"): {nothing}
# as for LISTING_HEADER_NONE; {shown}: how many it draws on, of {count}
SUMMARY_HEADER_NONE = ("{nothing} names \u201c{topic}\u201d; from the {count} paper{s} on related "
                       "terms or meaning:")
SUMMARY_HEADER_NONE_MORE = ("{nothing} names \u201c{topic}\u201d; from the {shown} closest of the "
                            "{count} papers on related terms or meaning (all {count} are in the "
                            "list of papers):")

# A summary of a narrowing ("summarize the 2024 ones"): {head}, the narrowing's first line
# ("The previous answer's 134 papers include 12 spotlights") without its colon.
SUMMARY_OF_NARROWED = "{head}; from the {shown} closest (all {count} are in the list of papers):"

# A comparison ("compare LoRA and prefix tuning"): {sides}: '5 "LoRA" and 3 "prefix tuning"'
# ('5 "LoRA", 3 "prefix tuning" and 2 "BitFit"' for three); {shared}: COMPARE_SHARED where
# papers match more than one side, else nothing.
COMPARE_HEADER = ("Papers {where} matching each side: {sides}{shared}; from the closest of each, "
                  "in turn (all {count} are in the list of papers):")
COMPARE_SHARED = ", {count} of them on {sides}"

# A question asking for a judgement ("the best paper on X", "the most influential papers"):
# the first line, then either the listing of what it judges between or, where it names no
# topic, the way to ask for one.
JUDGEMENT = ("The abstracts cannot tell which paper is best or most influential: they hold no "
             "citations, reviews or awards.")
JUDGEMENT_LISTED = "Here is every paper that matches instead."
# "Which papers cite DPO?": the same, for citations.
CITING = "The abstracts cannot tell which papers cite a work: they hold no reference lists."
# "Which papers are from MIT?" where some papers give no affiliations, or none does.
AFFILIATIONS_PARTIAL = ("Affiliations are given for {given} of the {count} indexed papers; the "
                        "others cannot be matched to \u201c{name}\u201d.")
# a last name many authors have ("What did Li work on?"); {some}: "Bo Li (15 papers), ..."
WHICH_AUTHOR = ("{count} indexed authors are named {name}, among them {some}: ask with the full "
                "name, as in \u201cWhat did {example} work on?\u201d")
# "What did Geoffrey Hinton work on?" where no indexed paper has that author
NO_SUCH_AUTHOR = "No indexed paper lists \u201c{name}\u201d as an author."
# "What did Kaiyi Jin work on?" where no indexed author is named so: {name} "Kaiyi Ji"
AUTHOR_RESPELLED = "No indexed author is named \u201c{typed}\u201d; read as {name}."
# "what are the limitations of X?": of a paper on X whose abstract names none
ASPECT_UNNAMED = "The abstract of \u201c{title}\u201d does not name its {aspect}."
# where a refused question reads as written in another language
FOREIGN = ("Questions are read in English, the language of the abstracts and of the models "
           "that search them.")
# where a question asks for a venue or years the catalog holds none of
# ({unnamed}: "" or " (20 of its 29 papers give no venue)", "... no year")
OTHER_VENUE = "The index holds no {venue} papers; its venues are {venues}{unnamed}."
OTHER_YEARS = "The index holds no papers from {years}; its papers are from {span}{unnamed}."
# ... or where both are held, but not together ("UAI 2025"), or not of that status
NOT_THAT_YEAR = "The index holds no {venue} papers from {years}; its {venue} papers are from {span}."
NOT_THAT_STATUS = "The index holds no {label}; its {papers} {statuses}."
# ... or none of an author's papers is of that venue, years or status ("Which 2025 papers did
# X write?"): {papers} "3 papers by X", {where} "from AISTATS 2023, AISTATS 2024 and COLT 2023"
AUTHOR_ELSEWHERE = "The index holds {papers}, {where}."
# ... or no paper presented in that session ("session 9"): {sessions} the sessions it holds
OTHER_SESSION = "No indexed paper is presented {session}; the sessions are {sessions}."
# nothing matches a topic naming words no paper writes ("mamba state space models"): {words}
# "“Mamba”", several joined by "or"; {count} the papers matching the rest of it, {rest}
UNWRITTEN = ("No indexed paper writes {words}; {count} paper{s} {where} match{es} "
             "\u201c{rest}\u201d (ask about that to see {them}).")
# "papers on Mamba or state space models" where no paper writes "Mamba" (the others' listed)
SIDE_UNWRITTEN = "No indexed paper writes {words}."
# ... or a topic in two parts no paper matches both of ("spiking neural networks for language
# modeling"): {count} {first}, {other} {second}: '25 papers ... match “spiking neural networks”
# and 453 “language modeling”'
PARTS_APART = ("No indexed paper matches both; {count} paper{s} {where} match{es} "
               "\u201c{first}\u201d and {other} \u201c{second}\u201d (ask about either to see "
               "them).")
# {pairs}: "“lerning” as “learning”", several joined by "and"; {it}: "it" or "them"
RESPELLED = "Read {pairs}, as the indexed papers write {it}."
# {pairs}: "“last year” as 2025", several joined by "and"; {today}: "4 December 2026"
DATED = "Read {pairs}, counting from today, {today}."
# "papers on privacy with 'art' in the title", as a first line names them: "1 paper with “art” in
# the title in the indexed abstracts matches “privacy”" ({words}: the title's words)
TITLE_NAMES = "with \u201c{words}\u201d in the title"
# "papers with X in the title" where no indexed paper gives a title
NO_TITLES = ("The indexed papers give no titles, so none can be found by its title; ask "
             "\u201cwhich papers study X?\u201d to find those on it.")
NO_AFFILIATIONS = ("The indexed papers give no affiliations; listed instead are the papers "
                   "whose text names \u201c{name}\u201d.")
NO_AFFILIATIONS_DROPPED = ("The indexed papers give no affiliations, so \u201c{name}\u201d cannot be "
                           "matched; listed are the papers on the rest of the question.")
JUDGEMENT_ASK_A_TOPIC = ("Name a topic (\u201cwhich papers study ...?\u201d) and every paper on "
                         "it is listed.")

# "Which papers don't use deep learning?": only what to leave out, no topic to list.
ONLY_LEFT_OUT = ("A listing needs a topic as well as what to leave out: ask \u201cwhich papers "
                 "study ... but not {without}?\u201d.")

# "Papers similar to X": the paper titled X first, then its closest neighbours in meaning
# (retrieval.k of them).
LIKE_HEADER = ("The {count} paper{s} {where} closest in meaning to \u201c{title}\u201d (its title "
               "and abstract), after it:")
# "hello", "what can you do?"; {author}: ' “What did X work on?”,' or ''
HELP = ("I answer from the {count} indexed paper{s} alone and cite every claim. Ask, for "
        "example, \u201cWhich papers study ...?\u201d, \u201cSummarize the papers on ...\u201d,"
        "{author} or paste an abstract to find the papers closest to it.")
THANKS = "Glad to help. Ask about the indexed papers any time."
# "export them as BibTeX": the entries of the last list's papers ({entries}) in a code block
BIBTEX = ("BibTeX for the {count} paper{s} {which}, from the catalog's titles, authors, venues "
          "and years:\n{fence}bibtex\n{entries}\n{fence}")
# ... as a CSV table, the same way ({fence}: a run of backticks longer than any in {entries})
CSV = ("CSV for the {count} paper{s} {which}, from the catalog's titles, authors, venues, years, "
       "statuses and links:\n{fence}csv\n{entries}\n{fence}")
# "give me the links": each paper's link, as the catalog gives it ({entries}: numbered lines)
LINKS = "Links for the {count} paper{s} {which}, as the catalog gives them:\n{entries}"
NO_LINKS = ("The catalog gives no links for the {count} paper{s} {which}: the paper list they "
            "came from had none.")
# "which is more popular?" after "compare A and B": {counts} "“A” 36, “B” 23"
MORE_PAPERS = ("By the indexed papers matching each side, the most first: {counts}. The "
               "abstracts hold no citations or reviews: this counts papers, not influence.")
# "which is better?" after "compare A and B": {counts} as above
WHICH_BETTER = ("The abstracts cannot tell which is better: each paper reports its own results, "
                "not a common comparison. The last answer quotes what each side's papers say "
                "(papers per side: {counts}); ask about one side to see all of its papers.")
# "why?", "what do you mean?": nothing to look up
VAGUE = ("I answer only from what the indexed abstracts say, quoting them. Ask what a paper of "
         "the last list does (\u201csummarize the first one\u201d), which papers study a topic, "
         "or what an author worked on.")
# "tell me more about the second one" with no list before it
NO_LIST_TO_PICK = ("There is no list of papers in this conversation to pick from yet; ask "
                   "which papers study a topic, or what an author worked on.")
# "how do they differ?" after an answer on one paper
ONE_TO_COMPARE = ("The last answer is on one paper, \u201c{title}\u201d: there is nothing in it to "
                  "compare. Ask to compare two topics (\u201ccompare LoRA and adapters\u201d) or "
                  "papers of a list (\u201chow do the first and third differ?\u201d).")
# "who wrote the second one?" after a list of fewer
PICK_BEYOND = ("The last list holds only {count} paper{s}; pick one by its place in it "
               "(1{to}), or ask about a topic.")
# "Is there a paper called X?" where none is
NOT_INDEXED = ("No indexed paper is titled \u201c{title}\u201d; ask \u201cwhich papers study "
               "\u2026?\u201d for the indexed papers on its topic.")
# ... where one title is nearly it; {close}: that title
NOT_INDEXED_CLOSE = ("No indexed paper is titled \u201c{title}\u201d; the closest title is "
                     "\u201c{close}\u201d (ask about it by that title).")
# "Who are the most prolific authors on X?" after the listing's count line; {by}: "author"
TALLY_HEADER = "By {by}, the most papers first (the numbers are the papers of the list):"
TALLY_BY_YEAR = "By year (the numbers are the papers of the list):"
TALLY_NONE = "The papers give no {what}, so they cannot be counted by {by}; here they are:"
# ... "who are his co-authors?" where each of that author's papers has no other author
NO_COAUTHORS = "{name} wrote {papers} alone: no co-authors to count; here {they}:"
# "what topics are covered?" where the papers give no areas: the phrases their titles share
TALLY_BY_TOPIC = ("By topic, as their titles name it, the most papers first (a topic is a phrase "
                  "titles share whose papers are alike in meaning; a paper may count under "
                  "several; the numbers are papers of the list):")
# "what are the trending topics?": each topic's share of the last year's papers and before
TALLY_BY_TREND = ("By growth beyond chance, the clearest first: each topic's share of the papers "
                  "of {late} and of those from {early} (the numbers are its papers of {late} in "
                  "the list):")
TRENDS_NONE = "No topic can be seen growing: {why}."
# (beyond chance: :meth:`rag.themes.TopicIndex.trends`)
TRENDS_FLAT = ("No topic's share of the papers grew from {early} to {late} by more than chance "
               "gives (as large rises come from shuffling the papers' years).")
TRENDS_WITHIN_CHANCE = ("No topic's share of the papers grew from {early} to {late} by more "
                        "than chance gives (as large rises come from shuffling the papers' "
                        "years). The largest rises, which may be chance (each topic's share of "
                        "the papers of {late} and of those from {early}; the numbers are its "
                        "papers of {late} in the list):")
TOPICS_NONE = "No topic is shared by enough of their titles to count them by; here they are:"
TOPICS_ASK = ("For a topic's papers among these, ask for it by its number (\u201ctopic 1\u201d); "
              "for every paper on it, whether its title names it or not, ask \u201cwhich papers "
              "are on {topic}?\u201d.")
EVERYTHING_HEADER = "The index holds {count} papers:"
# "which authors published at both COLT and ALT?": {authors}, how many have papers at both
# ("1 author", "47 authors") and {have}, "has" or "have";
# {sides}: "COLT and ALT"; {count}: their papers at either
AT_BOTH_HEADER = "{authors} {have} papers at both {sides}; their {count} papers there:"
AT_BOTH_NONE = "No indexed author has papers at both {sides}."
# A listing of the papers of an author, venue, year, status or institution, with no topic:
# {papers}: rag.questions.held_papers ("169 COLT 2024 papers", "10 papers by Yoshua Bengio").
HELD_HEADER = "The index holds {papers}:"
# ... and where a follow-up narrows the last list by them alone ("which are on Wednesday?"):
# {scope}: how many the last list held; {whose}: "The previous answer's", or "The earlier
# answer's" and {on}: " on “LoRA”" (else '')
HELD_NARROWED_HEADER = "{whose} {scope} paper{s}{on} {include} {papers}:"
# ... where none of them is ("which of them are orals?"); {papers}: "orals", "papers from 2025"
HELD_NARROWED_NONE = "{whose} {scope} paper{s}{on} {include} no {papers}."
# ... where the last answer was on one paper ("does it have code?" after "tell me about the
# first one"): {title}, its title; {papers}: "papers with linked code", "orals"
HELD_ONE = "{whose} paper{on}, \u201c{title}\u201d, is among the {papers}:"
HELD_ONE_NONE = "{whose} paper{on}, \u201c{title}\u201d, is not among the {papers}."
# ... then, where the list is short enough to write out, each paper
TOPIC_PAPERS = "The papers:"
# "topic 12" where the topics last shown are fewer
NO_SUCH_TOPIC = ("The topics last shown are {count}, so there is no topic {n}; ask for one of 1 "
                 "to {count} (\u201ctopic 2\u201d), or \u201cwhich papers are on X?\u201d.")
TALLY_MORE = "\u2026 and {more} more {what} ({total} in all)"
TALLY_MISSING = "{count} of the {total} paper{s} give{es} no {what}."
# "what fraction of CoRL papers use X?": before the listing's first line
SHARE = "{pct} % of the {total} indexed papers{where} are listed below."
# ... where the question asks what share of some papers are of a venue or status ("what
# fraction of CoRL papers are orals?"): {papers}: rag.questions.held_papers of those, with the
# topic ("263 CoRL 2025 papers", "200 papers on “bandits”")
SHARE_OF = "{count} of the {papers} ({pct} %) are listed below."
# ... "what fraction of those use X?": of the last answer's ({whose}: "The previous answer's",
# {on}: where it names an earlier answer's topic)
SHARE_OF_ANSWER = "{pct} % of {whose} {total} papers{on} are listed below."
# "what percentage of all papers is that?" after an answer with papers
SHARE_OF_ALL = "The last answer's {count} papers are {pct} % of the {total} indexed papers."
# ... after an answer with none
SHARE_OF_NOTHING = "The last answer found no papers, so their share is 0 %."
# ... after a count of the catalog ("how many COLT 2024 papers are there?"); {papers}:
# rag.questions.held_papers of them ("169 COLT 2024 papers")
SHARE_OF_HELD = "The {papers} are {pct} % of the {total} indexed papers."
# "which is the most recent?" after a list whose papers give no years
NO_YEARS = ("The papers of the last list give no years, so none of them can be said to be the "
            "most recent or the oldest.")
# ... whose papers are all of one year
ONE_YEAR = ("All {count} papers of the last list are from {year}, and the catalog gives no "
            "dates within a year, so none of them can be said to be the most recent or the "
            "oldest.")
# "are there any other papers on X?": what a listing's first line says of the papers it leaves
# out (those of the last answer)
BESIDES_LAST = "besides the {count} paper{s} of the last answer"
# "what percentage of all federated learning papers is that?": of an earlier answer's on it,
# or of the indexed papers naming it ({papers}); {inside} of the last answer's {count} are
# among those {base}
SHARE_OF_TOPIC = ("The last answer's {count} papers are {pct} % of the {base} {papers}, and "
                  "{all_pct} % of the {total} indexed papers.")
SHARE_OF_TOPIC_PART = ("{inside} of the last answer's {count} papers are among the {base} "
                       "{papers}: {pct} % of them. The {count} are {all_pct} % of the {total} "
                       "indexed papers.")
# ... where none is: "what percentage of all quantum papers is that?"
SHARE_OF_NONE = "There are no {papers} to give the last answer's {count} papers a share of."
# ... where the last answer narrowed the one before ("how many of those are spotlights?")
SHARE_OF_BEFORE = ("The last answer's {count} papers are {before_pct} % of the {before} papers of "
                   "the answer before it, and {pct} % of the {total} indexed papers.")
# "how many are there?" after a listing (or after a follow-up on some of its papers)
RECOUNT_HEADER = "The last list holds {count} paper{s}:"
# "the titles of the first three": the papers picked of the last list, their titles alone
PICKED_TITLES = "The {count} paper{s} picked from the last list:"
# "and the rest?" after a narrowing: the papers of the list it narrowed that it left out;
# {on}: "" or ' on “LoRA”'
REST_HEADER = "The other {count} paper{s} of the {of} in the earlier list{on}:"
# ... an earlier list asked for again by its topic ("go back to the fairness papers")
RECOUNT_EARLIER = "The earlier answer on \u201c{topic}\u201d, again: {count} paper{s}:"
# "show me more": the next papers of the last list ("Papers 41 to 80 of the 95 ...")
MORE_HEADER = "{papers} of the {count} in the last list (\u201c{topic}\u201d):"
NO_LIST = ("There is no list yet to write more of: ask which papers study a topic, or what an "
           "author worked on.")
# "list them", "what are their titles?" with no list before
NO_LIST_YET = ("There is no list of papers in this conversation yet; ask which papers study a "
               "topic, or what an author worked on.")
NO_MORE = ("All {count} paper{s} of the last list are written out above; ask about a topic, or "
           "\u201cof those, which ...?\u201d to narrow them.")
NO_MORE_ONE = ("The last list has one paper, written out above; ask about a topic for others.")
# "papers related to this abstract: ..."; {text}: its first words
LIKE_TEXT_HEADER = "The {count} paper{s} {where} closest in meaning to the text \u201c{text}\u201d:"
# "find similar papers" after an answer on several papers, or on none
LIKE_WHICH = ("Papers like which one? The last answer holds {count} paper{s}: ask \u201cmore like "
              "the second one\u201d, or \u201cpapers similar to\u201d a title.")
LIKE_WHAT = ("Papers like which one? Ask \u201cpapers similar to\u201d a title, or pick one of a list "
             "(\u201cmore like the second one\u201d).")
LIKE_HEADER_NONE = ("No other paper {where} is close in meaning to \u201c{title}\u201d; the "
                    "paper itself:")

# A listing where only some papers name the topic (the rest share some of its words or its
# meaning), or none does.
LISTING_HEADER_SOME = ("{count} papers {where} match \u201c{topic}\u201d: {named} "
                       "name{s} it, then {rest} on related terms or meaning{order}:")
LISTING_HEADER_NONE = ("{nothing} names \u201c{topic}\u201d; {count} paper{s} on related "
                       "terms or meaning{order}:")
# ... "which one is most relevant to X?" of a list none of which names X
LISTING_HEADER_CLOSEST = "{nothing} names \u201c{topic}\u201d; the closest in meaning:"

# One paper at a time: small models stay on topic with one short source.
REASON_SYSTEM = (
    "You explain in one short sentence what a research paper does that is relevant to a "
    "question. Use only facts from the paper text. Do not mention other papers or sources.")

REASON_USER = "Paper text: {source}\n\nQuestion: {question}\n\nOne sentence about this paper:"

# Several numbered sources, inline citations: for models that can synthesise (1B and up).
SYNTHESIS_SYSTEM = (
    "You answer questions about research papers using only the numbered sources given. "
    "Write 2 to 5 sentences. End every sentence with the number of the source it comes from "
    "in square brackets. Valid: \"X reduces memory with a subspace method [2].\" "
    "Invalid: a sentence without a number, a number that is not a listed source such as [9], "
    "or \"(Smith et al.)\". If the sources do not answer the question, reply exactly: "
    f"\"{CANNOT_ANSWER_PHRASE}.\"")

SYNTHESIS_USER = "Sources:\n{sources}\n\nQuestion: {question}\n\nAnswer with citations:"


def render(template: str, **values: object) -> str:
    """Fill a template; every variable must be given, and no unknown one."""
    names = {f[1] for f in string.Formatter().parse(template) if f[1]}
    missing, extra = names - values.keys(), values.keys() - names
    if missing or extra:
        raise KeyError(f"template variables: missing {sorted(missing)}, unexpected {sorted(extra)}")
    return template.format(**values)
