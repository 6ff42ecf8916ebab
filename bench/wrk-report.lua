-- bench/load.js drives wrk with this script: each request takes the next path of BENCH_PATHS_FILE in turn (one per line),
-- with the method, headers and body of the scenario ("{n}" in the body becomes a number no other request of the run
-- gets, so a PATCH always changes something); the last line printed is the result as JSON.
local paths = {}
for path in io.open(os.getenv("BENCH_PATHS_FILE")):lines() do paths[#paths + 1] = path end
local method = os.getenv("BENCH_METHOD")
local body = os.getenv("BENCH_BODY")
if body == "" then body = nil end
local headers = {}
for name, value in string.gmatch(os.getenv("BENCH_HEADERS"), "([^\n:]+): ([^\n]*)") do headers[name] = value end

-- Globals, so done() can read them from each thread.
counter = 0
non2xx = 0
tid = 0
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("tid", #threads)
end

function request()
  counter = counter + 1
  local unique = body and string.gsub(body, "{n}", tid .. "-" .. counter) or nil
  return wrk.format(method, paths[counter % #paths + 1], headers, unique)
end

function response(status)
  if status < 200 or status > 299 then non2xx = non2xx + 1 end
end

function done(summary, latency)
  local rejected = 0
  for _, thread in ipairs(threads) do rejected = rejected + thread:get("non2xx") end
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format('\n{"requests":%d,"micros":%d,"p50":%d,"p99":%d,"errors":%d,"non2xx":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), errors, rejected))
end
