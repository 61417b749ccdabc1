-- R's iris (examples/iris.csv: Fisher's 150 flowers of three species, Anderson's
-- measurements) as faces: four measures drive the head, eyes and mouth, and the species,
-- a text column, colours the face: its levels in order of appearance (setosa, versicolor,
-- virginica), each a colour of ColorBrewer's Set2.
--   psychologist batch examples/iris.lua --diagnosis flower --input examples/iris.csv \
--     --output-dir out/iris --sheet out/iris-sheet.svg --columns 15

diagnosis "flower" {
  title = "Iris",
  channels = {
    head_width = "sepal_width",
    head_height = "sepal_length",
    eye_size = "petal_width",
    mouth_width = "petal_length",
    -- the middle of the data is the neutral face: long petals smile, short ones frown
    smile = { column = "petal_length", scale = "centred" },
    face_color = { column = "species", palette = "Set2" },
  },
  examples = {
    { sepal_length = 5.1, sepal_width = 3.5, petal_length = 1.4, petal_width = 0.2,
      species = "setosa" },
    { sepal_length = 7.0, sepal_width = 3.2, petal_length = 4.7, petal_width = 1.4,
      species = "versicolor" },
    { sepal_length = 6.3, sepal_width = 3.3, petal_length = 6.0, petal_width = 2.5,
      species = "virginica" },
  },
}
