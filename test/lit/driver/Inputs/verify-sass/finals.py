"""Prints each access of a warpcheck JSON report with its final view, one
line each: LINE:COLUMN KIND requests=R wavefronts=W final=<json>."""
import json
import sys

for a in json.load(open(sys.argv[1]))["accesses"]:
    print(f"{a['line']}:{a['column']} {a['kind']} requests={a['requests']} "
          f"wavefronts={a['total_wavefronts']} "
          f"final={json.dumps(a.get('final'), sort_keys=True)}")
