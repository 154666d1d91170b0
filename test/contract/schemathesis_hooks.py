"""What the property-based tester (test/contract/schemathesis.test.ts) is told beside the document.

The document states every rule it can. A few rules join parameters, or depend on what the service
holds, and OpenAPI has no words for them; each is stated in its operation's description instead, and
the server answers a request that breaks one with a 400 naming it. The tester, drawing values from the
schemas alone, sends such requests and counts the 400 as "a schema-valid request rejected". Each rule
below is one of those, with why the document cannot say it; a 400 for anything else stays a failure.
"""

import json
import re

import schemathesis

DOCUMENTED_RULES = [
    # Cursors are opaque tokens the service signs for one query (api/cursor.ts): a string made up by
    # the tester, or one of another query, cannot be a cursor. Paging tests follow real cursors.
    r"^(cursor|after): (malformed cursor|not a cursor this service issued|this cursor belongs to)",
    # A window's two ends go together: `after` must come before `before` (history, readings).
    r"^after: must be earlier than before",
    # A circle is a centre and a radius: `lat`, `lng` and `radius` come together or not at all.
    r"^lat, lng, radius: give all three or none",
    # Summaries by LGA need a state: `groupBy=lga` names another parameter's presence.
    r"^groupBy: lga needs a state",
    # A flood class belongs to water levels: `floodClass` with `variable=rainfall` can match nothing.
    r"^floodClass: rainfall gauges carry no flood class",
    # Instants before the live record read the archive, which is kept by state: `datetime` that early
    # needs `state`.
    r"^state: required for instants before ",
    # A bounding box's corners go together (min before max), and it must overlap Australia; a pattern
    # can say four numbers, not how they relate.
    r"^bbox: must (lie within Australia|be minLon,minLat,maxLon,maxLat)",
    # An instant is read against the clock: a `datetime` still to come has no snapshot yet.
    r"^datetime: .* is in the future",
    # A stream token carries its stream's filters: with `token`, the filter parameters must be absent.
    r"a stream token carries its stream's filters",
    # A postcode or LGA area is checked against the directory the service holds, not a pattern.
    r"^area\.(postcode|code): ",
]
RULES = re.compile("|".join(f"(?:{rule})" for rule in DOCUMENTED_RULES))


def _details(response):
    try:
        body = json.loads(response.text)
    except ValueError:
        return []
    if not isinstance(body, dict):
        return []
    errors = body.get("errors") if isinstance(body.get("errors"), list) else []
    details = [body.get("detail")] + [error.get("detail") for error in errors if isinstance(error, dict)]
    return [detail for detail in details if isinstance(detail, str)]


@schemathesis.hook
def filter_failure(ctx, failure, case, response):
    """Keeps every failure but a 400 whose every reason is one of the documented joined rules, and
    a 431 to an invalid request (a query longer than the server takes): a refusal every operation
    declares, which the tester's list of refusals lacks."""
    code = getattr(failure, "code", None)
    if code == "ST201" and response.status_code == 431:
        return False
    if code != "ST202" or response.status_code != 400:
        return True
    details = _details(response)
    return not details or not all(RULES.search(detail) for detail in details)
