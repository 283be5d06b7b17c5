"""The Senet player's learned evaluation: written by `python -m benchmarks.train_senet --games 4000
--explore 0.05 --seed 0 --write`. One weight per `computer.senet.FEATURES` entry, in order."""

LEARNED_WEIGHTS = (
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
)
