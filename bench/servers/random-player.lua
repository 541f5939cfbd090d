-- wrk: each request reads another player, one of the ids in $PLAYER_IDS (comma-separated), in
-- place of the number that ends the path given on the command line.
local ids = {}
for id in string.gmatch(os.getenv("PLAYER_IDS") or "1", "%d+") do ids[#ids + 1] = id end
math.randomseed(os.time())
local base = nil
request = function()
  base = base or wrk.path:gsub("%d+$", "")
  return wrk.format(nil, base .. ids[math.random(#ids)])
end
