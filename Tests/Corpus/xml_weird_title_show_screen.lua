diagnosis "bite" { happiness = 70, title = "]]>\r\n<x>\255\254" }
segue "showDiagnosis" { kind = { iphone = "push", ipad = "popover" }, title = "&&&" }
