-- A popover exists on the iPad only: check (every device) reports it for the iPhones.
segue "hint" { kind = "popover", happiness = 30 }
