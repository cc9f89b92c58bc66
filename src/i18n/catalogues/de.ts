/**
 * The German catalogue of kete's player messages (issue 32): message id →
 * words, `{{placeholders}}` filled in by i18next, plural forms by suffix.
 * Machine-drafted by kete's developers with the terms of the game sources
 * (docs/playing.md, "Languages"); not yet checked by a native speaker.
 */
const de = {
  verbatim: "{{text}}",
  "list.or": "{{head}} oder {{last}}",
  "list.and": "{{head}} und {{last}}",
  "list.separator": ", ",
  "side.S": "Süd",
  "side.N": "Nord",
  "side.b": "Schwarz",
  "side.w": "Weiß",
  "game.husbao": "HusBao (Grundspiel)",
  "game.husbao-bis": "HusBao Bis (Doppelschlag)",
  "game.husbao-front": "HusBao Front",
  "game.hus": "Hus",
  "game.bao-de": "Bao (Staffelregeln)",
  "game.bao-kiswahili": "Bao la kiswahili",
  "game.bao-kujifunza": "Bao la kujifunza",
  "game.glassperlenspiel": "Glasperlenspiel",
  "game.abalone": "Abalone",
  "view.title": "{{game}} — {{first}} ({{firstSide}}) gegen {{second}} ({{secondSide}})",
  "view.over": "Spielende: {{who}} · {{first}} {{firstScore}} – {{second}} {{secondScore}}",
  "view.aDraw": "unentschieden",
  "view.wins": "{{side}} gewinnt",
  "view.toMove": "{{side}} am Zug",
  "view.ply": "Halbzug {{ply}}",
  "view.board": "Brett {{link}}",
  "link.connecting": "verbindet",
  "link.handshaking": "begrüßt",
  "link.ready": "bereit",
  "link.lost": "getrennt",
  "link.closed": "geschlossen",
  "view.reserve": "{{count}} in Reserve",
  "view.off": "{{count}} hinausgeschoben",
  "view.timeLeft": "{{time}} übrig",
  "view.inHand": "in der Hand {{count}}",
  "view.nextStone": "nächster Stein {{places}}",
  "view.mayGoTo": "kann nach {{places}}",
  "view.lastLands": "letzter landet in {{place}}",
  "view.moves": "Züge:",
  "view.leds": "LEDs:",
  "view.ctrlC": "Strg-C unterbricht",
  "view.tooSmall": "Terminal zu klein: {{size}}, das Brett braucht {{need}};",
  "view.enlarge": "vergrößern, dann wird das Brett neu gezeichnet (das Spiel läuft weiter)",
  "view.lit": "leuchtet: {{lights}}",
  "view.cup_one": "{{cup}} Schale von {{side}}: {{gems}} · {{count}} Punkt",
  "view.cup_other": "{{cup}} Schale von {{side}}: {{gems}} · {{count}} Punkte",
  "view.yourMove": "dein Zug>",
  "log.move": "Halbzug {{ply}}  {{side}} ({{player}})  {{move}}",
  "log.mistake": "! {{side}}: {{message}} — {{policy}}",
  "policy.retry": "noch einmal",
  "policy.forfeit": "verloren",
  "policy.truncate": "Zug gekürzt",
  "policy.penalty5": "Strafe von fünf Steinen",
  "log.restored": "Brett wiederhergestellt: {{result}}",
  "restored.retry": "derselbe Spieler zieht noch einmal",
  "restored.turn-passed": "der Zug geht an den Gegner",
  "restored.continue": "der Zug geht weiter",
  "restored.penalty-due": "jetzt gehen fünf Steine an den Gegner (HB-9)",
  "restored.takeback": "zurückgenommen",
  "log.penaltyDone": "Strafe abgegeben",
  "log.takeback": "Zug zurückgenommen",
  "log.over": "Spielende: {{who}} — {{reason}}",
  "log.draw": "unentschieden",
  "log.sensorFault": "Sensorfehler: {{message}}",
  "log.setUp": "Brett aufgebaut",
  "log.setUpNeeds": "Brett aufbauen: {{needs}} (+ Steine dazulegen, - wegnehmen)",
  "log.linkLost": "Verbindung zum Brett verloren{{reason}}; warte, bis sie zurückkommt",
  "log.linkUp":
    "Verbindung zum Brett steht: Brett mit den Lichtern vergleichen, dann weiterspielen",
  "log.lineNoise":
    "Störungen auf der Leitung: das Brett sendet, aber seine Antworten gehen verloren; kete fragt weiter (Kabel prüfen)",
  "log.newGame":
    "neues Spiel {{game}}: {{first}} ({{firstSide}}) gegen {{second}} ({{secondSide}}); Protokoll {{path}}",
  "log.newGameFrom":
    "neues Spiel {{game}} {{from}}: {{first}} ({{firstSide}}) gegen {{second}} ({{secondSide}}), {{toMove}} am Zug; Protokoll {{path}}",
  "log.clocks": "Uhren: je {{minutes}} min{{bonus}}; wer die Zeit überschreitet, verliert",
  "log.bonusCapture": ", +{{seconds}} s pro Zug mit Schlag",
  "log.bonusPushOff": ", +{{seconds}} s pro hinausgeschobener Kugel",
  "log.resumed": "{{path}} bei Halbzug {{ply}} fortgesetzt",
  "status.connecting": "warte auf das Brett",
  "status.linkLost":
    "Verbindung verloren: weiterspielen, sobald das Brett zurück ist; wurde es verschoben, in Ordnung bringen und Bestätigen drücken",
  "status.chooseGame": "ein Spiel wählen",
  "status.setUp": "Brett aufbauen: {{needs}}",
  "status.over": "Spielende",
  "status.restore": "Brett wiederherstellen: {{needs}}",
  "status.takeBack": "zurücknehmen: {{needs}}",
  "status.sensorFault": "Sensorfehler",
  "status.penalty": "Strafe",
  "status.handsOver": "{{side}} gibt fünf Steine ab ({{rule}}){{wrong}}",
  "status.ketePlays":
    "{{side}}: kete spielt {{move}}; seine Steine so setzen, wie das Brett sie anzeigt{{hand}}",
  "status.andInHand": ", {{count}} in der Hand",
  "status.keteChoosing": "{{side}}: kete wählt seinen Zug",
  "status.stands":
    "{{side}}: {{move}} gilt mit dem Knopf{{next}} oder nach {{seconds}} s ohne Änderung; oder nach den Lichtern weiterziehen",
  "status.orNextAct": ", dem ersten Handgriff des Gegners",
  "status.liftPart": ", nur {{count}} aus {{places}} nehmen",
  "status.nextStone": ", nächster Stein {{places}}",
  "status.sowing": "{{side}}: {{count}} in der Hand{{next}}{{part}} ({{moves}})",
  "needs.list": "{{needs}}",
  "needs.move": "{{gem}} von {{from}} nach {{to}} legen",
  "needs.put": "{{gem}} in {{place}} legen",
  "needs.take": "{{gem}} aus {{place}} nehmen",
  "fault.unreadable": "der Sensor von {{places}} ist nicht lesbar",
  "fault.unreadableSome": "die Sensoren einiger Mulden sind nicht lesbar",
  "fault.tooMany_one":
    "das Brett liest {{count}} Stein, das Spiel hat aber {{max}}: keine Hand fügt Steine hinzu (Sensorfehler)",
  "fault.tooMany_other":
    "das Brett liest {{count}} Steine, das Spiel hat aber {{max}}: keine Hand fügt Steine hinzu (Sensorfehler)",
  "next.stone": "der nächste Stein gehört in {{places}}",
  "next.lift": "{{places}} aufnehmen und weiter verteilen",
  "next.take": "die Steine aus {{places}} nehmen",
  "next.asLit": "der Zug geht weiter, wie die Lichter zeigen",
  "n.stones_one": "{{count}} Stein",
  "n.stones_other": "{{count}} Steine",
  "n.stone": "Stein",
  "n.theStones_one": "den Stein",
  "n.theStones_other": "die Steine",
  "n.aStone": "ein Stein",
  "mistake.outOfTurn": "{{side}} ist am Zug, aber {{place}} hat sich verändert ({{rule}})",
  "mistake.wrongCapture":
    "Steine aus {{place}} genommen; geschlagen wird aus {{places}} ({{rule}})",
  "mistake.noCapture":
    "Steine aus {{place}} genommen, aber hier wird nicht geschlagen ({{rule}}); {{next}}",
  "mistake.placedSeveral": "{{stones}} in {{place}} gelegt; ein Zug legt einen ({{rule}})",
  "mistake.wrongPlacement": "ein Stein in {{place}} gelegt: {{why}}",
  "mistake.severalLifts":
    "{{places}} wurden beide aufgenommen; ein Zug beginnt in einer Mulde ({{rule}})",
  "mistake.captureNotTaken":
    "der letzte Stein fiel in {{landing}} und {{place}} hat {{stones}}: erst diese nehmen, dann weiter verteilen ({{rule}})",
  "mistake.liftedWithHand_one":
    "{{place}} aufgenommen, während noch {{count}} Stein in der Hand ist; {{next}} ({{rule}})",
  "mistake.liftedWithHand_other":
    "{{place}} aufgenommen, während noch {{count}} Steine in der Hand sind; {{next}} ({{rule}})",
  "mistake.liftedNotRelay":
    "{{place}} aufgenommen; der letzte Stein fiel in {{landing}}, also wird {{landing}} aufgenommen und weiter verteilt ({{rule}})",
  "mistake.liftedNotCapture":
    "{{place}} aufgenommen; der letzte Stein fiel auf ein Schlagfeld: erst {{places}} schlagen ({{rule}})",
  "mistake.lifted": "{{place}} aufgenommen; {{next}} ({{rule}})",
  "mistake.droppedSeveral":
    "{{stones}} in {{place}}; ein Stein pro Mulde, der nächste gehört in {{due}} ({{rule}})",
  "mistake.wrongKichwa":
    "geschlagene Steine ab {{place}} verteilt; der erste gehört in {{due}} ({{rule}})",
  "mistake.startPitOnLap":
    "{{bead}} in {{place}}, die Startmulde: eine Runde über das Brett lässt die Mulde aus, in der sie begann ({{rule}}); {{it}} nach {{due}} legen",
  "mistake.stoneDropped": "Stein in {{place}} gelegt",
  "mistake.stonesDropped": "{{stones}} in {{place}} gelegt",
  "mistake.againstTurn":
    "{{dropped}}, gegen die Richtung dieses Zuges; der nächste Stein gehört in {{due}} ({{rule}})",
  "mistake.againstPlay":
    "{{dropped}}, gegen die Spielrichtung{{fixed}}; der nächste Stein gehört in {{due}} ({{rule}})",
  "mistake.fixed": " (in diesem Spiel fest: {{direction}})",
  "mistake.skipped":
    "{{dropped}}, {{due}} übersprungen; der nächste Stein gehört in {{due}} ({{rule}})",
  "mistake.wrongPit": "{{dropped}}; der nächste Stein gehört in {{due}} ({{rule}})",
  "mistake.reads": "{{place}} zeigt {{reads}}, erwartet {{expected}}",
  "mistake.unexpected": "das Brett passt zu keiner erlaubten Fortsetzung: {{shown}}; {{next}}",
  "gems.from": "{{gem}} aus {{place}}",
  "gems.into": " in {{places}}",
  "gems.putTaken": "die genommenen Juwelen in {{places}} legen",
  "gems.takeOne": "eines nehmen von {{options}}{{into}}",
  "gems.takeSome": "{{count}} nehmen von {{options}}{{into}}",
  "gems.takenFrom": "{{gem}} aus {{place}} genommen",
  "gems.wrongTaken": "{{what}}; {{take}} ({{rule}})",
  "gems.putInto": "{{gem}} in {{place}} gelegt",
  "gems.wrongPut": "{{what}}; die genommenen Juwelen gehören in {{places}} ({{rule}})",
  "gems.changedElsewhere":
    "{{place}} verändert, während ein Schlag fällig ist: erst {{take}} ({{rule}})",
  "kete.begun": "{{moves}} begonnen",
  "kete.otherMoved": "andere Steine bewegt",
  "kete.lifted": "{{places}} aufgenommen",
  "kete.notChosen":
    "nicht ketes Zug: kete hat seinen Zug noch nicht gewählt ({{made}}); Steine zurücklegen und warten, bis ketes Zug leuchtet",
  "kete.notKetes":
    "nicht ketes Zug: kete spielt {{move}} ({{made}}); Steine zurücklegen und ketes Zug ausführen, wie das Brett ihn anzeigt",
  "refusal.not-own": "{{place}} ist keine Mulde des Spielers am Zug ({{rule}})",
  "refusal.too-few": "{{place}} hat zu wenige Steine, um einen Zug zu beginnen ({{rule}})",
  "refusal.stage-limit":
    "{{place}} beginnt keinen erlaubten Zug: das Verteilen überschritte die Grenze der Runden ({{rule}})",
  "refusal.capture-required": "{{place}} schlägt nicht, und Schlagen ist Pflicht ({{rule}})",
  "refusal.placement": "in {{place}} darf jetzt nicht gelegt werden ({{rule}})",
  "refusal.other": "{{place}} beginnt keinen erlaubten Zug ({{rule}})",
  "led.legalStart": "Start",
  "led.nextStone": "nächster Stein",
  "led.lastStone": "letzter landet",
  "led.liftNext": "weiter aufnehmen",
  "led.liftPart": "Teil aufnehmen",
  "led.captureFrom": "schlagen aus",
  "led.capturedTo": "geschlagen nach",
  "led.kichwaChoice": "kichwa-Wahl",
  "led.mistakeExcess": "zu viele",
  "led.mistakeMissing": "zu wenige",
  "led.setupWrong": "aufbauen",
  "led.winner": "Gewinner",
  "led.draw": "unentschieden",
  "led.sensorFault": "Sensorfehler",
  "led.linkLost": "Verbindung weg",
  "led.computerMove": "ketes Zug",
  "led.hintStart": "Tipp",
  "led.hintNext": "Weg des Tipps",
  "led.hex.legalStart": "kann ziehen",
  "led.hex.nextStone": "kann hin",
  "led.hex.lastStone": "letzter Zug",
  "led.hex.mistakeExcess": "hier keine Kugel",
  "led.hex.mistakeMissing": "Kugel fehlt",
  "led.hex.hintStart": "Tipp: ziehen",
  "led.hex.hintNext": "Tipp: nach",
  "outcome.frontRowEmpty": "{{rule}}: die vordere Reihe von {{side}} ist leer",
  "outcome.noFrontStone": "{{rule}}: {{side}} hat keinen Stein in der vorderen Reihe",
  "outcome.noStartPit": "{{rule}}: {{side}} hat keine Mulde mit zwei oder mehr Steinen",
  "outcome.stageLimit":
    "{{rule}}: jeder Start von {{side}} scheitert an der Grenze von {{limit}} Runden (CORE-5)",
  "outcome.bothFrontRows":
    "{{rule}}: beide vorderen Reihen sind leer; {{side}}, am Zug, hat verloren",
  "outcome.stageLimitSowings":
    "BK-17: jeder Start von {{side}} scheitert an der Grenze von {{limit}} Verteilungen (BK-18)",
  "outcome.noLegalStart": "BK-17: {{side}} hat keinen erlaubten Start",
  "outcome.neutralOut": "AB-9.6: {{side}} hat die neutrale Kugel hinausgeschoben und gewinnt",
  "outcome.pushedOff": "AB-6: {{side}} hat {{marbles}} hinausgeschoben",
  "outcome.moveLimit":
    "AB-7: die Zuggrenze ist erreicht ({{moves}} je Spieler); Schwarz hat {{black}} hinausgeschoben, Weiß {{white}}",
  "outcome.noPushSingle":
    "AB-7: {{moves}} in Folge ohne hinausgeschobene Kugel; im einfarbigen Spiel gehört keine Kugel auf E1…E9 einem Spieler (AB-9.2): unentschieden",
  "outcome.noPushHolds":
    "AB-7: {{moves}} in Folge ohne hinausgeschobene Kugel; Schwarz hält {{black}} der Löcher E1…E9, Weiß {{white}}",
  "outcome.noMove": "AB-6: {{side}}, am Zug, hat keinen erlaubten Zug",
  "outcome.emptyOpponentWins":
    "{{mover}} muss mit lauter leeren Mulden ziehen und {{opponent}} hat {{count}} Punkte (15 oder mehr): {{opponent}} gewinnt, {{score}} (GB-6)",
  "outcome.emptyMoverWins":
    "{{mover}} muss mit lauter leeren Mulden ziehen und {{opponent}} hat {{count}} Punkte (weniger als 15): {{mover}} gewinnt, {{score}} (GB-6)",
  "outcome.cannotFeed":
    "die Mulden von {{opponent}} sind leer und {{mover}} kann sie mit keiner Verteilung erreichen: {{opponent}} gewinnt, {{score}} (GB-5)",
  "outcome.thirdTime":
    "die Stellung kommt zum dritten Mal mit {{mover}} am Zug: {{result}}, {{score}} (GB-7)",
  "outcome.scoreWins": "{{side}} gewinnt {{high}}–{{low}}",
  "outcome.scoreDraw": "unentschieden, {{a}}–{{b}}",
  "outcome.kalahEmpty":
    "KA-5: die Mulden von {{side}} sind leer; KA-6: jeder behält die Steine in seinen Mulden, {{result}}",
  "outcome.owareCannotFeed":
    "OW-4: kein Zug kann die leeren Mulden des Gegners füttern; der Ziehende nimmt die Steine seiner Mulden: {{result}}",
  "outcome.owareHalf": "OW-6: ein Spieler hat mehr als die Hälfte der Steine gefangen: {{result}}",
  "outcome.owareThirdTime":
    "OW-7: dieselbe Stellung zum dritten Mal; jeder nimmt die Steine seiner Mulden: {{result}}",
  "outcome.owareNoStone":
    "OW-8: der Spieler am Zug hat keinen Stein in seinen Mulden; die übrigen Steine gehen an den Gegner: {{result}}",
  "outcome.outOfTime": "{{side}} hat die Zeit überschritten",
  "outcome.flagFell": "{{rule}}: das Blättchen von {{side}} ist gefallen",
  "n.moves_one": "{{count}} Zug",
  "n.moves_other": "{{count}} Züge",
  "n.marbles_one": "{{count}} Kugel",
  "n.marbles_other": "{{count}} Kugeln",
  "n.blackMarbles_one": "{{count}} schwarze Kugel",
  "n.blackMarbles_other": "{{count}} schwarze Kugeln",
  "n.whiteMarbles_one": "{{count}} weiße Kugel",
  "n.whiteMarbles_other": "{{count}} weiße Kugeln",
  "web.liveGame": "kete · Live-Partie",
  "web.connecting": "verbinde…",
  "web.toMove": "◀ am Zug",
  "web.mistakeBy": "Fehler von {{side}}",
  "web.restored": "Brett wiederhergestellt ({{policy}})",
  "web.putBack": "zurücklegen: {{needs}} (+ Steine dazulegen, − wegnehmen) · dann: {{policy}}",
  "web.connection": "Brett {{link}} · Halbzug {{ply}}",
  "web.gameOverPly": "Spielende · Halbzug {{ply}}",
  "web.notServing": "kete zeigt diese Partie nicht",
  "web.stopped": "kete hat aufgehört",
  "web.reconnecting": "Verbindung verloren; verbinde neu…",
  "web.lights": "Lichter",
  "web.moves": "Züge",
  "web.messages": "Meldungen",
  "web.howToRead": "So liest man das Brett",
  "web.readCount": "Die Zahl in einer Mulde sind ihre Steine; ? heißt, der Sensor weiß es nicht.",
  "web.readRing":
    "Eine leuchtende LED ist ein Ring in ihrer Farbe, darunter ihr Code (Farbbuchstabe + Musterbuchstabe, z. B. GS grün stetig): ein voller Ring leuchtet stetig, ein gestrichelter blinkt, ein doppelter blinkt schnell, ein gepunkteter pulsiert.",
  "web.readHatched": "Eine schraffierte Mulde mit ~ ändert sich noch (eine Hand ist dort).",
  "web.readFault": "Eine Mulde mit ! und rot gestricheltem Rand hat einen Sensorfehler.",
  "web.stones": "{{count}} Steine",
  "web.gems": "Juwelen {{gems}}",
  "web.led": "{{meaning}} (LED {{colour}} {{pattern}}, {{code}})",
  "web.unsettled": "in Bewegung",
  "web.sensorFault": "Sensorfehler",
  "web.gameOver":
    "Spielende: {{who}} · {{first}} {{firstScore}} – {{second}} {{secondScore}} · {{reason}}",
  "web.winsPlayer": "{{side}} ({{player}}) gewinnt",
  "web.hole.black": "schwarz",
  "web.hole.white": "weiß",
  "web.hole.empty": "leer",
  "web.hole.neutral": "neutrale Kugel",
  "web.hole.marble": "Kugel",
  "web.hole.unreadable": "unlesbar",
  "speak.missing":
    "--speak: {{command}} ist nicht installiert, daher wird nichts gesprochen (apt-get install espeak-ng); das Spiel läuft weiter",
  "speak.failed":
    "--speak: {{command}} ist fehlgeschlagen ({{why}}), daher wird nichts mehr gesprochen; das Spiel läuft weiter",
  "speak.ketePlays": "kete spielt {{move}}",
  "speak.mistake": "{{side}}: {{message}}",
  "colour.b": "schwarz",
  "colour.w": "weiß",
  "abalone.withRule": "{{text}} ({{rule}})",
  "abalone.tooLong":
    "eine Linie von vier oder mehr Kugeln ({{colour}}) von {{place}} bewegt; eine solche Linie bewegt sich nie als Ganzes",
  "abalone.ownOff":
    "eine Kugel ({{colour}}) aus der Linie von {{place}} vom Brett geschoben; eine eigene Kugel verlässt es nie",
  "abalone.singlePush":
    "die Kugel ({{colour}}) auf {{place}} hat eine Kugel ({{other}}) geschoben; eine einzelne Kugel schiebt nie",
  "abalone.outnumbered":
    "{{group}} Kugeln ({{colour}}) von {{place}} haben {{pushed}} ({{other}}) geschoben; die schiebende Linie muss in der Überzahl sein (Sumito)",
  "abalone.blocked":
    "{{group}} Kugeln ({{colour}}) von {{place}} haben die Linie ({{other}}) geschoben, aber eine eigene Kugel ({{colour}}) dahinter blockiert",
  "abalone.broadside":
    "die Linie {{line}} von {{side}} seitlich in ein besetztes Loch gezogen; ein Seitwärtszug braucht lauter leere Löcher und schiebt nie",
  "abalone.outOfTurn": "{{side}} ist am Zug, aber {{other}} hat {{places}} bewegt (AB-2)",
  "abalone.noMove": "{{places}} hat sich verändert, wie es kein erlaubter Zug von {{side}} tut",
  "keyboard.sowing": "verteile {{move}}",
  "keyboard.pushing": "schiebe {{move}}",
  "keyboard.busy": "verteile noch deinen letzten Zug",
  "keyboard.notYourTurn": "du bist noch nicht am Zug",
  "keyboard.refused": "dieser Zug ist hier nicht möglich",
  "keyboard.refusedRule": "dieser Zug ist hier nicht möglich ({{rule}})",
  "kete.plays":
    "kete ({{side}}, Stufe {{level}} {{name}}) spielt {{move}}: seine Steine so setzen, wie das Brett sie anzeigt (t: was kete denkt)",
  "kete.noMove": "kete konnte keinen Zug wählen: {{why}}",
  "kete.noSearch": "kete konnte nicht suchen ({{why}}); es spielt den ersten erlaubten Zug",
  "kete.hintsOff": "keine Tipps in diesem Spiel (--hints off)",
  "kete.hintAtStart": "ein Tipp gilt für den Anfang eines Zuges",
  "kete.ownTurn": "kete ist selbst am Zug: sein Zug leuchtet auf dem Brett",
  "kete.noHint": "kein Tipp: {{why}}",
  "kete.hint": "Tipp für {{side}}: {{move}} — {{why}}",
  "kete.why": "{{took}}; ketes Bewertung {{score}} (Tiefe {{depth}}); erwartet {{expects}}",
  "kete.takes_one": "nimmt auf einmal {{count}} Stein",
  "kete.takes_other": "nimmt auf einmal {{count}} Steine",
  "kete.thoughtsNone": "kete hat über dieses Spiel noch nicht nachgedacht",
  "kete.thoughts":
    "{{what}} für {{side}} im Halbzug {{ply}}: Bewertung {{score}} ({{took}}), erwartet {{expects}} (Tiefe {{depth}}, {{nodes}} Knoten, Stufe {{level}})",
  "kete.thoughtsMove": "kete spielt {{move}}",
  "kete.thoughtsHint": "ketes Tipp {{move}}",
  "kete.takesNone": "nimmt keine Steine auf einmal",
  "led.obstacle": "Hindernis (AB-9.4)",
  "led.trap": "Falle (AB-9.5)",
  "view.teamSeat": "{{now}} spielt, dann {{next}}",
  "abalone.ontoObstacle":
    "eine Kugel wurde auf das Hindernis {{place}} gezogen; keine Kugel betritt es",
  "abalone.inTrap":
    "eine Kugel steht in der Falle {{place}}; eine eigene Kugel betritt nie eine Falle, eine hineingeschobene des Gegners verlässt das Spiel",
  "abalone.neutralMoved":
    "die neutrale Kugel wurde von {{from}} nach {{to}} bewegt; kein Spieler bewegt sie, nur der Schub einer Linie",
  "abalone.shieldPushed":
    "der Schild {{places}} hat sich bewegt und eine Kugel vor sich hergeschoben; ein Schild zieht nur in leere Löcher und schiebt nie",
  "abalone.variant.tooLong":
    "eine Linie von vier oder mehr Kugeln von {{place}} bewegt; eine solche Linie bewegt sich nie als Ganzes",
  "abalone.variant.ownOff":
    "eine Kugel des Ziehenden aus der Linie von {{place}} vom Brett geschoben; eine eigene Kugel verlässt es nie",
  "abalone.variant.singlePush":
    "die Kugel auf {{place}} hat eine andere geschoben; eine einzelne Kugel schiebt nie",
  "abalone.variant.outnumbered":
    "die Linie von {{place}} hat so viele Kugeln geschoben, wie sie hat, oder mehr; die schiebende Linie muss in der Überzahl sein (Sumito)",
  "abalone.variant.blocked":
    "die Linie von {{place}} hat geschoben, aber eine eigene Kugel hinter der geschobenen Linie blockiert",
  "abalone.variant.intoObstacle":
    "die Linie von {{place}} hat eine Kugel auf ein Hindernis gezogen; keine Kugel betritt es",
  "abalone.variant.ownIntoTrap":
    "die Linie von {{place}} hat eine eigene Kugel in eine Falle gezogen; nur eine geschobene Kugel fällt hinein",
  "abalone.variant.neutralOff":
    'die Linie von {{place}} hat die neutrale Kugel aus dem Spiel geschoben, was neutralOff "forbidden" nicht erlaubt',
  "log.keptAside": "die ganze beschädigte Datei ist als {{path}} aufbewahrt",
  "log.journal": "Protokoll: {{path}}",
  "log.paused": "Spiel unterbrochen: {{reason}}; weiter mit: npx kete play --resume {{path}}",
};

export default de;
