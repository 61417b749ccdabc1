// The state the seed's gestures change: clamping, pinch, pan, smile, errors.

import Face
import Testing

@Test func happinessClampsAndSmileFollows() throws {
  var s = try FaceState(happiness: 150)
  #expect(s.happiness == 100 && s.smile == 1)
  try s.setHappiness(-20)
  #expect(s.happiness == 0 && s.smile == -1)
  try s.setHappiness(75)
  #expect(s.smile == 0.5)
  try s.setHappiness(37.5)
  #expect(s.happiness == 37.5 && s.smile == -0.25)
  #expect(try FaceState().happiness == 50 && FaceState().scale == 0.9 && FaceState().smile == 0)
}

@Test func expressionMouthOverridesAndClamps() throws {
  var s = try FaceState(happiness: 0)
  s.expression = Expression(mouth: 3)
  #expect(s.smile == 1)
  s.expression = Expression(mouth: -0.5)
  #expect(s.smile == -0.5)
  s.expression = Expression(mouth: nil)
  #expect(s.smile == -1)
}

@Test func pinchMultipliesTheScale() throws {
  var s = try FaceState()
  try s.pinch(2)
  #expect(abs(s.scale - 1.8) < 1e-12)
  try s.pinch(0.5)
  #expect(abs(s.scale - 0.9) < 1e-12)
  #expect(throws: FaceError.outOfRange("pinch factor", 0)) { try s.pinch(0) }
  #expect(throws: FaceError.self) { try s.pinch(-2) }
  #expect(throws: FaceError.nonFinite("pinch factor")) { try s.pinch(.nan) }
  #expect(throws: FaceError.self) {
    try s.pinch(1e308); try s.pinch(1e308)
  }
  #expect(s.scale.isFinite && s.scale > 0)
}

@Test func panChangesHappinessByHalfTheDrag() throws {
  var s = try FaceState(happiness: 70)
  try s.pan(-40)
  #expect(s.happiness == 90)
  try s.pan(-40)
  #expect(s.happiness == 100)
  try s.pan(300)
  #expect(s.happiness == 0)
  try s.pan(-1)
  #expect(s.happiness == 0.5)
  #expect(throws: FaceError.nonFinite("pan")) { try s.pan(.infinity) }
  #expect(s.happiness == 0.5)
}

@Test func nonFiniteInputsAreRejected() throws {
  #expect(throws: FaceError.nonFinite("happiness")) { try FaceState(happiness: .nan) }
  #expect(throws: FaceError.nonFinite("happiness")) { try FaceState(happiness: -.infinity) }
  #expect(throws: FaceError.nonFinite("scale")) { try FaceState(scale: .infinity) }
  #expect(throws: FaceError.outOfRange("scale", 0)) { try FaceState(scale: 0) }
  var s = try FaceState()
  #expect(throws: FaceError.nonFinite("happiness")) { try s.setHappiness(.nan) }
  #expect(throws: FaceError.outOfRange("scale", -1)) { try s.setScale(-1) }
  #expect(s.happiness == 50 && s.scale == 0.9)
}

@Test func errorsReadAsOneClearLine() {
  #expect(
    FaceError.outOfRange("scale", -1).description == "scale must be a finite number above 0, got -1"
  )
  #expect(
    FaceError.outOfRange("scale", 0.25).description
      == "scale must be a finite number above 0, got 0.25")
  #expect(
    FaceError.nonFinite("happiness").description
      == "happiness must be a finite number, got NaN or infinity")
  #expect(
    FaceError.negative("eye_radius", -2).description
      == "eye_radius must be a finite number of 0 or more, got -2")
  for e in [FaceError.outOfRange("a", 1e-300), .nonFinite("b"), .negative("c", -1.5)] {
    #expect(!e.description.contains("\n"))
  }
}
