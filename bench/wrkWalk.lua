-- wrk script of the cold-serving bench: requests the paths of a file (one a line), each once (a walk: each request a
-- different key), or cycling (WRK_LOOP=1) until the bench ends wrk; prints one JSON line with the latency percentiles
-- and the responses by status. Args after `--`: <paths file> [Authorization header value] [Accept-Encoding value].
-- A walk prints WRK_WALKED when the last response arrives (the bench then ends wrk with SIGINT), and a connection with
-- no path left waits (delay) instead of sending another request, so every path is measured exactly once.
local loop = os.getenv("WRK_LOOP") == "1"
local paths, headers = {}, {}
local nextPath, handedOut, responses = 0, 0, 0
-- a global: done() reads it from each thread with thread:get
walkStatuses = {}
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  local f = assert(io.open(args[1], "r"))
  for line in f:lines() do
    if #line > 0 then paths[#paths + 1] = line end
  end
  f:close()
  if args[2] and #args[2] > 0 then headers["Authorization"] = args[2] end
  if args[3] and #args[3] > 0 then headers["Accept-Encoding"] = args[3] end
end

function request()
  nextPath = nextPath + 1
  if nextPath > #paths then
    -- only reached by a connection opened after the walk was handed out (the bench opens at most #paths of them)
    nextPath = loop and 1 or #paths
  end
  return wrk.format("GET", paths[nextPath], headers)
end

if not loop then
  -- wrk asks each connection for its delay before it asks for its next request, several connections in one batch: a
  -- path is handed out here, and a connection left without one sleeps past the end of the walk
  function delay()
    if handedOut >= #paths then return 3600000 end
    handedOut = handedOut + 1
    return 0
  end
end

function response(status, hdrs, body)
  responses = responses + 1
  walkStatuses[tostring(status)] = (walkStatuses[tostring(status)] or 0) + 1
  if not loop and responses == #paths then
    -- wrk's main thread sleeps out -d whatever the threads do: the bench reads this line, then the CPU wrk's threads
    -- used (so the thread stays), then sends the SIGINT that ends wrk
    io.write("WRK_WALKED\n")
    io.flush()
  end
end

function done(summary, latency, requests)
  local byStatus, parts = {}, {}
  for _, t in ipairs(threads) do
    local s = t:get("walkStatuses")
    for k, v in pairs(s) do byStatus[k] = (byStatus[k] or 0) + v end
  end
  for k, v in pairs(byStatus) do parts[#parts + 1] = string.format('"%s":%d', k, v) end
  local e = summary.errors
  io.write(string.format(
    'WRK_RESULT {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d,"meanUs":%.1f,"bytes":%d,' ..
    '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},"statuses":{%s}}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max, latency.mean,
    summary.bytes, e.connect, e.read, e.write, e.status, e.timeout, table.concat(parts, ",")))
end
