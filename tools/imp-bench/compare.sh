#!/bin/bash
# svc /imp of the 10M bench files with http.import.parse.workers=0 and 2: wall time, server CPU seconds, peak RSS.
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(mktemp -d)
cpu() { awk '{print ($14+$15)/100}' /proc/$1/stat; }
for w in 0 2; do
  rm -rf "$ROOT"; mkdir -p "$ROOT"
  SVC_HTTP_IMPORT_PARSE_WORKERS=$w SVC_HTTP_NET_BIND_TO=127.0.0.1:19030 SVC_HTTP_MIN_NET_BIND_TO=127.0.0.1:19033 \
    node "$HERE/../../dist/core/cli.js" -d "$ROOT" > "$ROOT.log" 2>&1 &
  P=$!
  until grep -q 'server is ready' "$ROOT.log" 2>/dev/null; do sleep 0.2; done
  for ds in cpu trades; do
    c0=$(cpu $P); echo -n "workers=$w load=$(cut -d' ' -f1 /proc/loadavg) "
    node "$HERE/imp.mjs" http://127.0.0.1:19030 /work/benchrun/data/$ds-10M.csv $ds; c1=$(cpu $P)
    echo "   server cpu s: $(echo "$c1 - $c0" | bc), $(grep VmHWM /proc/$P/status)"
  done
  kill $P; wait $P 2>/dev/null
done
rm -rf "$ROOT" "$ROOT.log"
