-- wrk script of benchmarks/wrk_bench.py: each connection (one per wrk thread) sends its own list
-- of requests in order, prepared by the Python side.
--
-- BENCH_REQUESTS: a file of lines "thread<TAB>method<TAB>path<TAB>token<TAB>body" (body may be
--   empty). Thread i sends the lines of thread i in file order: planned legal plays (each line
--   once) or a single request sent again and again (floor, views) when BENCH_CYCLE=1.
-- BENCH_PREFER: a Prefer header for every request (e.g. return=minimal), when set.
-- BENCH_OUT: where done() writes the block's figures as JSON (requests, duration, errors,
--   latency percentiles in microseconds, and per thread how many of its lines it sent).
local threads = {}
local next_id = 0

function setup(thread)
  thread:set("id", next_id)
  table.insert(threads, thread)
  next_id = next_id + 1
end

function init(args)
  local cycle = os.getenv("BENCH_CYCLE") == "1"
  local prefer = os.getenv("BENCH_PREFER") or ""
  reqs = {}
  for line in io.lines(os.getenv("BENCH_REQUESTS")) do
    local t, method, path, token, body = line:match("^(%d+)\t(%u+)\t([^\t]+)\t([^\t]*)\t(.*)$")
    if t and tonumber(t) == id then
      local headers = { ["Authorization"] = "Token " .. token, ["Accept"] = "application/json" }
      if prefer ~= "" then
        headers["Prefer"] = prefer
      end
      if body ~= "" then
        headers["Content-Type"] = "application/json"
      else
        body = nil
      end
      table.insert(reqs, wrk.format(method, path, headers, body))
    end
  end
  sent = 0
  exhausted = 0
  if cycle and #reqs == 1 then
    wrk.request = reqs[1] -- a fixed request: wrk sends it without calling request()
  end
  cyclic = cycle
end

function request()
  sent = sent + 1
  if sent <= #reqs then
    return reqs[sent]
  end
  if cyclic then
    return reqs[(sent - 1) % #reqs + 1]
  end
  exhausted = exhausted + 1 -- out of planned plays: repeat the last (it fails, and is reported)
  return reqs[#reqs]
end

function done(summary, latency, requests)
  local per_thread = {}
  local exhausted_total = 0
  for _, thread in ipairs(threads) do
    table.insert(per_thread, string.format('"%d": %d', thread:get("id"), thread:get("sent") or 0))
    exhausted_total = exhausted_total + (thread:get("exhausted") or 0)
  end
  local e = summary.errors
  local out = io.open(os.getenv("BENCH_OUT"), "w")
  out:write(string.format(
    '{"requests": %d, "duration_us": %d, "bytes": %d, "errors": {"connect": %d, "read": %d, '
      .. '"write": %d, "status": %d, "timeout": %d}, "p50_us": %d, "p90_us": %d, "p99_us": %d, '
      .. '"max_us": %d, "mean_us": %.1f, "exhausted": %d, "sent": {%s}}',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status,
    e.timeout, latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency.max, latency.mean, exhausted_total, table.concat(per_thread, ", ")))
  out:close()
end
