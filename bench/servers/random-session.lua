-- wrk: each request is another signed-in player's, one of the session tokens in $SESSIONS
-- (comma-separated); $METHOD POST sends the CSRF token ($CSRF) and an empty JSON body.
local sessions = {}
for t in string.gmatch(os.getenv("SESSIONS") or "", "[^,]+") do sessions[#sessions + 1] = t end
local method = os.getenv("METHOD") or "GET"
local csrf = os.getenv("CSRF") or ""
math.randomseed(os.time())
request = function()
  local headers = { ["Cookie"] = "tk_player=" .. sessions[math.random(#sessions)], ["Accept"] = "application/json" }
  if method == "POST" then
    headers["X-CSRF-Token"] = csrf
    headers["Content-Type"] = "application/json"
    return wrk.format("POST", nil, headers, "{}")
  end
  return wrk.format("GET", nil, headers)
end
