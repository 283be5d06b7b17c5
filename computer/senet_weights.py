"""The Senet player's learned evaluations, one per round of self-play fitting, each written by
its command in COMMANDS. One weight per `computer.senet.FEATURES` entry, in order."""

COMMANDS = (
    "python -m benchmarks.train_senet --round 1 --games 4000 --explore 0.05 --seed 0 --write",
    "python -m benchmarks.train_senet --round 2 --games 10000 --explore 0.05 --seed 10000000 --write",
    "python -m benchmarks.train_senet --round 3 --games 10000 --explore 0.05 --seed 20000000 --write",
)
FITS = (
    # round 1
    (
        -0.00754,  # square 1
        0.01164,  # square 2
        0.00509,  # square 3
        0.00147,  # square 4
        0.01399,  # square 5
        0.00434,  # square 6
        -0.0098,  # square 7
        0.00368,  # square 8
        0.00503,  # square 9
        0.04892,  # square 10
        0.02112,  # square 11
        -0.0058,  # square 12
        0.02994,  # square 13
        0.01013,  # square 14
        0.02714,  # square 15
        0.00876,  # square 16
        0.02339,  # square 17
        0.00697,  # square 18
        -0.01288,  # square 19
        -0.04037,  # square 20
        -0.02521,  # square 21
        -0.0138,  # square 22
        -0.02925,  # square 23
        -0.02813,  # square 24
        -0.0179,  # square 25
        -0.02915,  # square 26
        -0.02376,  # square 27
        -0.00785,  # locked source
        -0.28802,  # locked balance
        -0.44234,  # locked perfect
        7e-05,  # locked_by_other source
        -0.07556,  # locked_by_other balance
        -0.1177,  # locked_by_other perfect
        -0.05514,  # burdened source
        0.04734,  # burdened balance
        0.00363,  # burdened perfect
        -0.00212,  # riding source
        0.04498,  # riding balance
        0.05656,  # riding perfect
        0.15481,  # medium source
        0.10899,  # medium balance
        0.19324,  # medium perfect
        0.09248,  # large source
        0.07019,  # large balance
        0.14718,  # large perfect
        0.05092,  # block source
        0.02622,  # block balance
        -0.01262,  # block perfect
        0.02198,  # off
        0.10416,  # off squared
        0.02791,  # on source
        0.17645,  # source clear
        0.00775,  # straggler
        0.01346,  # rolls next
    ),
    # round 2
    (
        -0.00053,  # square 1
        0.01215,  # square 2
        0.01614,  # square 3
        -0.0006,  # square 4
        0.01352,  # square 5
        0.01239,  # square 6
        -0.00239,  # square 7
        0.01146,  # square 8
        0.0113,  # square 9
        0.04131,  # square 10
        0.03227,  # square 11
        0.03627,  # square 12
        0.03569,  # square 13
        0.0311,  # square 14
        0.02458,  # square 15
        0.03488,  # square 16
        0.01994,  # square 17
        0.02376,  # square 18
        -0.01571,  # square 19
        -0.02484,  # square 20
        -0.03786,  # square 21
        -0.01425,  # square 22
        -0.03272,  # square 23
        -0.04457,  # square 24
        -0.01116,  # square 25
        -0.03569,  # square 26
        -0.05484,  # square 27
        0.01513,  # locked source
        -0.11424,  # locked balance
        -0.12246,  # locked perfect
        0.02537,  # locked_by_other source
        -0.00389,  # locked_by_other balance
        -0.13947,  # locked_by_other perfect
        0.01256,  # burdened source
        0.0023,  # burdened balance
        -0.01411,  # burdened perfect
        -0.02813,  # riding source
        -0.00629,  # riding balance
        0.01244,  # riding perfect
        0.16269,  # medium source
        0.16075,  # medium balance
        0.16489,  # medium perfect
        0.11653,  # large source
        0.12419,  # large balance
        0.13004,  # large perfect
        -0.11682,  # block source
        -0.04919,  # block balance
        -0.07189,  # block perfect
        -0.08159,  # off
        0.14638,  # off squared
        0.07344,  # on source
        0.03647,  # source clear
        0.00314,  # straggler
        0.00355,  # rolls next
    ),
    # round 3
    (
        0.01103,  # square 1
        0.00902,  # square 2
        0.0036,  # square 3
        0.01583,  # square 4
        0.00827,  # square 5
        0.00397,  # square 6
        0.01375,  # square 7
        0.00361,  # square 8
        -0.00096,  # square 9
        0.03744,  # square 10
        0.03689,  # square 11
        0.03032,  # square 12
        0.03307,  # square 13
        0.03343,  # square 14
        0.03154,  # square 15
        0.0346,  # square 16
        0.04688,  # square 17
        0.03765,  # square 18
        -0.04651,  # square 19
        -0.07215,  # square 20
        -0.03293,  # square 21
        -0.04584,  # square 22
        -0.07073,  # square 23
        -0.03403,  # square 24
        -0.04348,  # square 25
        -0.06783,  # square 26
        -0.03193,  # square 27
        -0.02096,  # locked source
        -0.04704,  # locked balance
        -0.41074,  # locked perfect
        -0.00366,  # locked_by_other source
        0.00375,  # locked_by_other balance
        -0.10996,  # locked_by_other perfect
        -0.07794,  # burdened source
        0.02265,  # burdened balance
        -0.00274,  # burdened perfect
        -0.09071,  # riding source
        0.02086,  # riding balance
        0.05667,  # riding perfect
        0.06132,  # medium source
        0.09847,  # medium balance
        0.17127,  # medium perfect
        0.1105,  # large source
        0.12959,  # large balance
        0.23652,  # large perfect
        -0.04678,  # block source
        -0.03792,  # block balance
        0.05962,  # block perfect
        0.05549,  # off
        0.10059,  # off squared
        0.06812,  # on source
        0.06676,  # source clear
        -0.00407,  # straggler
        0.0092,  # rolls next
    ),
)
