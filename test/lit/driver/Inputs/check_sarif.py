"""Checks a SARIF log for every field GitHub code scanning requires."""
import json
import sys

log = json.load(open(sys.argv[1]))
assert log["version"] == "2.1.0", "version"
assert log["$schema"].endswith("sarif-2.1.0.json"), "$schema"
assert isinstance(log["runs"], list) and log["runs"], "runs"
run = log["runs"][0]
driver = run["tool"]["driver"]
assert driver["name"] == "warpcheck" and driver["version"], "tool.driver"
rules = {r["id"]: r for r in driver["rules"]}
for rule in rules.values():
    assert rule["shortDescription"]["text"] and rule["fullDescription"]["text"]
    assert rule["help"]["text"] and rule["help"]["markdown"], "rule help"
results = run["results"]
assert results, "results"
for r in results:
    assert r["ruleId"] in rules, "ruleId"
    assert driver["rules"][r["ruleIndex"]]["id"] == r["ruleId"], "ruleIndex"
    assert r["level"] in ("warning", "error", "note"), "level"
    assert r["message"]["text"], "message"
    loc = r["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"]["uri"], "artifactLocation.uri"
    assert loc["region"]["startLine"] >= 1 and loc["region"]["startColumn"] >= 1
    assert r["partialFingerprints"]["warpcheck/v1"], "fingerprint"
    for rel in r["relatedLocations"]:
        assert rel["message"]["text"] and rel["physicalLocation"]["region"]
    for fix in r.get("fixes", []):
        for change in fix["artifactChanges"]:
            for rep in change["replacements"]:
                assert rep["deletedRegion"]["startLine"] >= 1
                assert "text" in rep["insertedContent"]

# The values, one line each, for FileCheck: every result, its related
# locations and its fix, applied to the file it names.
import os
from urllib.parse import unquote, urlparse


def path_of(uri):
    """The file a URI names: percent-encoded, absolute or relative."""
    return unquote(urlparse(uri).path)


def where(loc):
    region = loc["physicalLocation"]["region"]
    uri = loc["physicalLocation"]["artifactLocation"]["uri"]
    assert os.path.exists(path_of(uri)), "uri names the file: " + uri
    return f"{os.path.basename(path_of(uri))}:{region['startLine']}:{region['startColumn']}"


for r in results:
    fp = r["partialFingerprints"]["warpcheck/v1"]
    assert 0 < len(fp) <= 16 and all(c in "0123456789abcdef" for c in fp), fp
    print(f"RESULT {r['ruleId']} {r['level']} {where(r['locations'][0])}: "
          f"{r['message']['text']}")
    for rel in r["relatedLocations"]:
        print(f"  RELATED {rel['id']} {where(rel)}: {rel['message']['text']}")
    for fix in r.get("fixes", []):
        for change in fix["artifactChanges"]:
            path = path_of(change["artifactLocation"]["uri"])
            lines = open(path).read().split("\n")
            # Right to left, so that earlier columns stay valid.
            reps = sorted(change["replacements"], key=lambda rep: (
                rep["deletedRegion"]["startLine"],
                rep["deletedRegion"]["startColumn"]), reverse=True)
            edited = set()
            for rep in reps:
                d = rep["deletedRegion"]
                assert d["startLine"] == d["endLine"], "one-line edits"
                line = lines[d["startLine"] - 1]
                lines[d["startLine"] - 1] = (
                    line[:d["startColumn"] - 1] + rep["insertedContent"]["text"]
                    + line[d["endColumn"] - 1:])
                edited.add(d["startLine"])
            for n in sorted(edited):
                print(f"  FIXED {os.path.basename(path)}:{n}: {lines[n - 1].strip()}")
print(f"SARIF OK: {len(results)} results, "
      f"{sum(1 for r in results if r.get('fixes'))} with fixes, rules "
      + ",".join(sorted(rules)))
