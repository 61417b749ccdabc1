-- R's mtcars (examples/mtcars.csv, 32 cars) as faces, as aplpack's faces(mtcars) draws
-- them: every column drives a facial channel, scaled from the column's own min and max.
--   psychologist batch examples/cars.lua --diagnosis car --input examples/mtcars.csv \
--     --output-dir out/cars --sheet out/cars-sheet.svg

diagnosis "car" {
  title = "Car",
  channels = {
    smile = "mpg",                     -- economical cars smile
    head_width = "wt",                 -- heavy cars have wide heads
    head_height = "disp",              -- big engines, tall heads
    eye_size = "hp",                   -- power: big eyes
    eye_spacing = "drat",              -- rear axle ratio
    eye_height = { column = "qsec", reverse = true }, -- quick cars look up
    brow_slant = "cyl",                -- more cylinders, fiercer brows
    face_color = "cyl",                -- and a warmer face
    mouth_width = "gear",              -- gears
    nose_length = "carb",              -- carburettors
    ear_size = "vs",                   -- straight engines have ears
    hair = "am",                       -- manual gearboxes have hair
  },
  examples = {
    { id = "Fiat 128", mpg = 32.4, cyl = 4, disp = 78.7, hp = 66, drat = 4.08, wt = 2.2,
      qsec = 19.47, vs = 1, am = 1, gear = 4, carb = 1 },
  },
}
