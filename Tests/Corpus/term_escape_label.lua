-- A --label template filled from fields holding ESC and a C1 CSI.
diagnosis "d" { channels = { smile = "v" } }
