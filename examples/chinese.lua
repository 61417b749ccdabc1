-- 宠物诊所 (a pet clinic): the seed's lesson as its Chinese readers would title it. The app
-- speaks Chinese: the page's lang, the back button's 返回 and the status bar's 上午9:41.
--
--   psychologist show examples/chinese.lua bite --screen -o bite.png
--   psychologist play examples/chinese.lua
--   psychologist export examples/chinese.lua -o clinic.html

app { title = "宠物诊所", language = "zh-Hans" }

diagnosis "happy" { title = "开心", happiness = 100 }
diagnosis "bite" { title = "咬人", happiness = 15 }
diagnosis "fever" {
  title = "发烧",
  happiness = function(input) return 60 - 10 * (input.degrees or 1) end,
  examples = { { degrees = 1 }, { degrees = 3 } },
}
diagnosis "long" { title = "我的狗总是咬人，而且晚上不睡觉", happiness = 40 }

menu "more" { title = "更多问题", buttons = { "long" } }
segue "more" { kind = "push", title = "更多问题…", menu = "more" }

segue "showDiagnosis" {
  kind = "push",
  happiness = function(ctx) return ctx.diagnosis end,
}
