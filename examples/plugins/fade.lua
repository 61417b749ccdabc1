-- A custom segue kind: "fade", the cross-dissolve of the later iOS lessons. Headless, a
-- fade shows the new scene over everything on a phone and in the detail pane on an iPad.
--
--   psychologist show examples/psychologist.lua questionnaire --plugin examples/plugins

segue_kind "fade" {
  perform = function(nav, scene, ctx)
    -- nav.device and nav.orientation say where we run; ctx says which segue this is
    if nav.device == "ipad" then
      nav:replace(scene)              -- the split view's detail fades to the new face
    else
      nav:present(scene)              -- full screen, like a modal without the slide
    end
    assert(ctx.segue ~= nil)
  end,
}

-- A segue of that kind for diagnoses that want it (the seed's showDiagnosis pushes).
segue "reveal" {
  kind = "fade",
  title = "Revealed",
  happiness = function(ctx) return ctx.diagnosis or 50 end,
}
