local function down() pcall(down) end
down()
print("survived")
