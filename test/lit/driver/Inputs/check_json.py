"""Checks a warpcheck JSON report (docs/json-format.md): every entry has
exactly the documented keys with the documented types; then prints the
values one line per entry for FileCheck."""
import json
import os
import sys

doc = json.load(open(sys.argv[1]))
INT, STR, BOOL, LIST, NUM_OR_NULL = int, str, bool, list, (int, type(None))
SCHEMA = {
    "files": {"file": STR, "status": STR, "kernels": INT, "cached": BOOL},
    "accesses": {
        "file": STR, "line": INT, "column": INT, "end_line": INT,
        "function": STR, "kernel": STR, "variable": STR, "space": STR,
        "kind": STR, "width_bytes": INT, "block_dim": LIST,
        "block_dim_source": STR, "block_dim_origin": STR,
        "block_dim_assumed": BOOL, "assumed_block_dims": LIST,
        "active_lanes": LIST, "wavefronts": INT, "min_wavefronts": INT,
        "ideal_wavefronts": INT, "instances": INT, "requests": INT,
        "instructions": INT, "total_wavefronts": INT,
        "total_ideal_wavefronts": INT, "counts_exact": BOOL, "same_in_every_shape": BOOL, "status": STR,
        "depends_on": LIST, "id": STR, "worst_request": dict},
    "kernels": {
        "file": STR, "function": STR, "mangled_name": STR,
        "predicted_local_bytes": NUM_OR_NULL,
        "predicted_stack_frame_bytes": NUM_OR_NULL, "predicted_spill": BOOL,
        "ptx_depot_bytes": NUM_OR_NULL, "stack_frame_bytes": NUM_OR_NULL,
        "spill_store_bytes": NUM_OR_NULL, "spill_load_bytes": NUM_OR_NULL,
        "sass_local_loads": NUM_OR_NULL, "sass_local_stores": NUM_OR_NULL,
        "ptx_verdict": (str, type(None)), "ptxas_verdict": (str, type(None)),
        "sass_verdict": (str, type(None))},
    "local_arrays": {
        "file": STR, "line": INT, "column": INT, "function": STR,
        "kernel": STR, "variable": STR, "bytes": INT, "status": STR,
        "ptx_status": STR, "reason": STR, "final_status": STR,
        "final_reason": STR, "likely_spilled": BOOL,
        "ptxas_keeps_depot": BOOL},
    "diagnostics": {"file": STR, "line": INT, "column": INT, "message": STR,
                    "check": STR, "level": STR, "fingerprint": STR,
                    "notes": LIST},
}
assert set(doc) == {"version", "cuda_headers", "files", "accesses", "kernels",
                    "local_arrays", "diagnostics"}, sorted(doc)
assert doc["version"] == 1 and doc["cuda_headers"], "version, cuda_headers"
for section, keys in SCHEMA.items():
    for entry in doc[section]:
        optional = {"error", "arch", "bank_rules"} if section == "files" \
            else set()
        assert set(keys) <= set(entry) <= set(keys) | optional, \
            (section, sorted(set(entry) ^ set(keys)))
        for key, kind in keys.items():
            assert isinstance(entry[key], kind), (section, key, entry[key])
for f in doc["files"]:
    # The target architecture and whose measured bank rules counted it.
    assert ("arch" in f) == ("bank_rules" in f), sorted(f)
    if "arch" in f:
        assert isinstance(f["arch"], str) and f["arch"], f["arch"]
        assert set(f["bank_rules"]) == {"arch", "measured"}, f["bank_rules"]
        assert isinstance(f["bank_rules"]["arch"], str)
        assert isinstance(f["bank_rules"]["measured"], bool)
for a in doc["accesses"]:
    assert a["status"] in ("exact", "range", "unknown"), a["status"]
    assert a["min_wavefronts"] <= a["wavefronts"], "min <= max"
    assert a["ideal_wavefronts"] <= a["min_wavefronts"], "ideal <= min"
    assert all(0 <= lane < 32 for lane in a["active_lanes"]), "lanes"
    # An assumed block shape never gives exact (docs/block-shapes.md).
    assumed = a["block_dim_source"] in ("family", "default", "launch_bounds")
    assert a["block_dim_assumed"] == assumed, "block_dim_assumed"
    assert bool(a["assumed_block_dims"]) == assumed, "assumed_block_dims"
    assert not assumed or (a["status"] != "exact" and
                           not a["counts_exact"]), "exact on an assumed shape"
    # One count for the whole family: a range of one number, assumed only.
    assert not a["same_in_every_shape"] or (
        assumed and a["status"] == "range" and
        a["min_wavefronts"] == a["wavefronts"]), "same_in_every_shape"
def check_lanes(lanes):
    assert len(lanes) == 32 and all(
        w is None or (isinstance(w, int) and w >= 0) for w in lanes), lanes


ids = [a["id"] for a in doc["accesses"]]
assert len(ids) == len(set(ids)), "access ids are unique"
for a in doc["accesses"]:
    # The worst request lane by lane (issue 29), or why there is none.
    w = a["worst_request"]
    if not w["known"]:
        assert set(w) == {"known", "reason"} and w["reason"], w
        continue
    fix = {"after_fix"} if "after_fix" in w else (
        {"after_fix_reason"} if "after_fix_reason" in w else set())
    assert set(w) == {"known", "warp", "width_bytes", "lanes",
                      "wavefronts"} | fix, sorted(w)
    assert w["width_bytes"] == a["width_bytes"]
    check_lanes(w["lanes"])
    assert w["wavefronts"] == a["wavefronts"], "the map is the worst request"
    if "after_fix" in w:
        assert set(w["after_fix"]) == {"layout", "lanes", "wavefronts"}
        check_lanes(w["after_fix"]["lanes"])
        assert [x is None for x in w["after_fix"]["lanes"]] == \
            [x is None for x in w["lanes"]], "the same lanes after the fix"
for d in doc["diagnostics"]:
    assert d["level"] in ("warning", "error", "remark"), d["level"]
    fp = d["fingerprint"]
    assert 0 < len(fp) <= 16 and all(c in "0123456789abcdef" for c in fp), fp
    for n in d["notes"]:
        assert set(n) == {"file", "line", "column", "message"}, sorted(n)

name = os.path.basename
for f in doc["files"]:
    rules = f.get("bank_rules")
    target = (f" arch={f['arch']} bank_rules={rules['arch']}"
              f"{'' if rules['measured'] else ' (assumed)'}") if rules else ""
    print(f"FILE {name(f['file'])} {f['status']} kernels={f['kernels']}"
          f"{target}")
for a in doc["accesses"]:
    print(f"ACCESS {name(a['file'])}:{a['line']}:{a['column']} {a['kind']} "
          f"'{a['variable']}' {a['status']} {a['min_wavefronts']}.."
          f"{a['wavefronts']}/{a['ideal_wavefronts']}")
for k in doc["kernels"]:
    print(f"KERNEL {k['function']} {k['mangled_name']} "
          f"local={k['predicted_local_bytes']}")
for a in doc["local_arrays"]:
    print(f"ARRAY {a['kernel']} '{a['variable']}' {a['status']}")
for d in doc["diagnostics"]:
    print(f"DIAG {d['check']} {d['level']} {name(d['file'])}:{d['line']}:"
          f"{d['column']}: {d['message']}")
    for n in d["notes"]:
        print(f"  NOTE {name(n['file'])}:{n['line']}:{n['column']}: "
              f"{n['message']}")
print("JSON OK")
