-- Many empty reps in a loop: each is instant, the loop is stopped by the hook.
while true do local s = string.rep("", 1e12) end
