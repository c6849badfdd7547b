"""What a `check`, `build` or `letter` found, as one frozen value for editors, agents and CI:
every problem located, each fit, the files written, the read-back findings and their
extractor. `as_json` gives the document `--json` prints; `RESULTS_SCHEMA` is its JSON Schema
(`resume-pdf schema --results`), versioned: a field is only ever added within a version.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import Problem
from ..values import value

if TYPE_CHECKING:
    from ..model.resume import Resume
    from ..pdf.fit import Fitted

RESULTS_VERSION = 1
RESULTS_ID = f"https://resume-pdf.dev/schema/results/{RESULTS_VERSION}"


@value
class Fit:
    pages: int
    budget: int | str  # 1..20 or "any"
    scale: float  # the body type against the style's
    adjust: float  # > 0 tightened, < 0 grown, 0 the style's own setting
    note: str  # the same words as the result line

    @property
    def changed(self) -> str:
        return "tightened" if self.adjust > 0 else "grown" if self.adjust < 0 else "none"


@value
class ReadBack:
    extractor: str  # pypdf, or pdfium for right-to-left text
    findings: tuple[Problem, ...]


@value
class Outcome:
    """One résumé's (or letter's) check or build."""

    resume: str
    kind: str  # resume | letter
    variant: str | None
    problems: tuple[Problem, ...]
    fit: Fit | None = None
    outputs: tuple[str, ...] = ()
    read_back: ReadBack | None = None

    @property
    def ok(self) -> bool:
        return not any(p.severity.value == "error" for p in self.problems)


@value
class Results:
    command: str  # check | build | letter
    outcomes: tuple[Outcome, ...]
    problems: tuple[Problem, ...] = ()  # those of no one résumé (a missing file, a bad plan)

    @property
    def ok(self) -> bool:
        return all(o.ok for o in self.outcomes) and not self.problems

    @property
    def exit_code(self) -> int:
        return 0 if self.ok else 1


def fit_fields(fitted: Fitted | None, budget: int | str, verified: Resume | None) -> dict:
    """A BuildResult's fit fields (budget, setting, type scale) and --verify's extractor."""
    fit = {"budget": budget, "adjust": fitted.adjust, "scale": fitted.scale} if fitted else {}
    found = {"findings": fitted.findings} if fitted and verified else {}
    if not verified:  # verify.py (its pypdf-side imports, ~5 ms) only for --verify
        return {**fit, **found, "extractor": ""}
    from .verify import extractor

    return {**fit, **found, "extractor": extractor(verified)}


def as_json(results: Results) -> dict[str, Any]:
    """The document `--json` prints (it validates against RESULTS_SCHEMA)."""
    from .. import __version__

    return {
        "$schema": RESULTS_ID,
        "version": RESULTS_VERSION,
        "tool": f"resume-pdf {__version__}",
        "command": results.command,
        "ok": results.ok,
        "exit_code": results.exit_code,
        "problems": [_problem(p, None) for p in results.problems],
        "results": [_outcome(o) for o in results.outcomes],
    }


def _outcome(outcome: Outcome) -> dict[str, Any]:
    fit = outcome.fit
    read_back = outcome.read_back
    return {
        "resume": outcome.resume,
        "kind": outcome.kind,
        "variant": outcome.variant,
        "ok": outcome.ok,
        "problems": [_problem(p, outcome.resume) for p in outcome.problems],
        "fit": None if fit is None else _fit(fit),
        "outputs": list(outcome.outputs),
        "read_back": None
        if read_back is None
        else {
            "extractor": read_back.extractor,
            "ok": not any(p.severity.value == "error" for p in read_back.findings),
            "findings": [_problem(p, outcome.resume) for p in read_back.findings],
        },
    }


def _fit(fit: Fit) -> dict[str, Any]:
    return {
        "pages": fit.pages,
        "budget": fit.budget,
        "scale": fit.scale,
        "adjust": round(fit.adjust, 4),
        "changed": fit.changed,
        "note": fit.note,
    }


def _problem(problem: Problem, file: str | None) -> dict[str, Any]:
    """A problem where the text report puts it: at its location, else on its résumé (an
    option's problem, `--style`, is on none)."""
    loc = problem.location
    if loc is None and problem.field.startswith("-"):
        file = None
    return {
        "file": loc.file if loc else file,
        "line": loc.line if loc else None,
        "column": loc.column if loc else None,
        "field": problem.field,
        "severity": problem.severity.value,
        "message": problem.message,
        "hint": problem.hint,
    }


def _nullable(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}], "description": description}


def _record(description: str, **properties: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "description": description,
        "required": list(properties),
        "additionalProperties": False,
        "properties": properties,
    }


def _text(description: str) -> dict[str, Any]:
    return {"type": "string", "description": description}


PROBLEM_SCHEMA = _record(
    "One problem, located as the text report locates it",
    file={"type": ["string", "null"], "description": "The file it is in; null: an option's"},
    line={"type": ["integer", "null"], "minimum": 1, "description": "1-based; null: unknown"},
    column={"type": ["integer", "null"], "minimum": 1, "description": "1-based; null: unknown"},
    field=_text("The field path, e.g. sections[2].title; an option such as --style; or empty"),
    severity={"enum": ["error", "warning", "note"], "description": "error fails the command"},
    message=_text("What is wrong, in the report's words"),
    hint=_text("How to fix it, when known; else empty"),
)
FIT_SCHEMA = _record(
    "How the page budget was kept",
    pages={"type": "integer", "minimum": 0, "description": "Pages laid out"},
    budget={
        "anyOf": [{"type": "integer", "minimum": 1, "maximum": 20}, {"const": "any"}],
        "description": "The page budget kept",
    },
    scale={"type": "number", "exclusiveMinimum": 0, "description": "Body type / the style's"},
    adjust={"type": "number", "description": "The setting: > 0 tightened, < 0 grown, 0 natural"},
    changed={"enum": ["none", "tightened", "grown"], "description": "What the fit did"},
    note=_text("What was tightened or grown, as the result line says it"),
)
READ_BACK_SCHEMA = _record(
    "--verify: the PDF read back as an applicant-tracking system reads it",
    extractor={"enum": ["pypdf", "pdfium"], "description": "The text extractor used"},
    ok={"type": "boolean", "description": "Every field and link read back, no limit failed"},
    findings={"type": "array", "items": {"$ref": "#/$defs/problem"}, "description": "Its problems"},
)
OUTCOME_SCHEMA = _record(
    "One résumé's, or one cover letter's, check or build",
    resume=_text("The résumé file as given"),
    kind={"enum": ["resume", "letter"], "description": "The résumé or its cover letter"},
    variant={"type": ["string", "null"], "description": "The tailored variant; null: none"},
    ok={"type": "boolean", "description": "No error among its problems"},
    problems={"type": "array", "items": {"$ref": "#/$defs/problem"}, "description": "All of them"},
    fit=_nullable({"$ref": "#/$defs/fit"}, "How its page budget was kept; null: no PDF laid out"),
    outputs={"type": "array", "items": {"type": "string"}, "description": "The files written"},
    read_back=_nullable({"$ref": "#/$defs/read_back"}, "--verify's read-back; null: not run"),
)
RESULTS_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": RESULTS_ID,
    "title": f"resume-pdf results, version {RESULTS_VERSION}",
    **_record(
        "What `resume-pdf check|build|letter --json` prints: one document on standard output",
        **{"$schema": {"const": RESULTS_ID, "description": "The schema it follows"}},
        version={"const": RESULTS_VERSION, "description": "This document's schema version"},
        tool=_text("resume-pdf and its version"),
        command={"enum": ["check", "build", "letter"], "description": "The command run"},
        ok={"type": "boolean", "description": "Every outcome ok and no other problem"},
        exit_code={"enum": [0, 1], "description": "The command's exit status"},
        problems={
            "type": "array",
            "items": {"$ref": "#/$defs/problem"},
            "description": "Problems of no one résumé (an option, the plan of a batch)",
        },
        results={
            "type": "array",
            "items": {"$ref": "#/$defs/outcome"},
            "description": "Each résumé's and letter's outcome, in the order they were built",
        },
    ),
    "$defs": {
        "problem": PROBLEM_SCHEMA,
        "fit": FIT_SCHEMA,
        "read_back": READ_BACK_SCHEMA,
        "outcome": OUTCOME_SCHEMA,
    },
}
