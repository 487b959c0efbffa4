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
print(f"SARIF OK: {len(results)} results, "
      f"{sum(1 for r in results if r.get('fixes'))} with fixes, rules "
      + ",".join(sorted(rules)))
