-- dkjson (lua-dkjson): encode with a fixed key order, decode, errors.
local json = require "dkjson"
local order = { "name", "list", "nested", "flag", "none" }
print(json.encode({ name = "x", list = { 1, 2.5, "three" }, nested = { flag = true } },
  { keyorder = order }))
print(json.encode({ 1, 2, 3 }), json.encode("quote\" and \\ and \n"), json.encode({}))
local value, at, err = json.decode('{"a": [1, 2, {"b": null}], "c": "\\u00e9"}')
print(value.a[1], value.a[2], value.a[3].b, value.c, at, err)
print(json.decode('{"broken": '))
print(json.encode({ name = "ü", n = -0.25, big = 1e300 }, { indent = true, keyorder = { "big", "n", "name" } }))
