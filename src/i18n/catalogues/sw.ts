/**
 * The Swahili catalogue of kete's player messages (issue 32): message id →
 * words, `{{placeholders}}` filled in by i18next, plural forms by suffix.
 * Machine-drafted by kete's developers with the terms of the game sources
 * (docs/playing.md, "Languages"); not yet checked by a native speaker.
 */
const sw = {
  verbatim: "{{text}}",
  "list.or": "{{head}} au {{last}}",
  "list.and": "{{head}} na {{last}}",
  "list.separator": ", ",
  "side.S": "Kusini",
  "side.N": "Kaskazini",
  "side.b": "Weusi",
  "side.w": "Weupe",
  "game.husbao": "HusBao (msingi)",
  "game.husbao-bis": "HusBao Bis (kula mara mbili)",
  "game.husbao-front": "HusBao Front",
  "game.hus": "Hus",
  "game.bao-de": "Bao (kanuni za kuendeleza)",
  "game.bao-kiswahili": "Bao la kiswahili",
  "game.bao-kujifunza": "Bao la kujifunza",
  "game.glassperlenspiel": "Glassperlenspiel (mchezo wa shanga za kioo)",
  "game.abalone": "Abalone",
  "view.title": "{{game}} — {{first}} ({{firstSide}}) dhidi ya {{second}} ({{secondSide}})",
  "view.over": "mchezo umekwisha: {{who}} · {{first}} {{firstScore}} – {{second}} {{secondScore}}",
  "view.aDraw": "sare",
  "view.wins": "{{side}} ameshinda",
  "view.toMove": "zamu ya {{side}}",
  "view.ply": "hatua {{ply}}",
  "view.board": "bao {{link}}",
  "link.connecting": "linaunganishwa",
  "link.handshaking": "linasalimiana",
  "link.ready": "tayari",
  "link.lost": "limepotea",
  "link.closed": "limefungwa",
  "view.reserve": "{{count}} akiba",
  "view.off": "{{count}} nje",
  "view.timeLeft": "zimebaki {{time}}",
  "view.inHand": "mkononi {{count}}",
  "view.nextStone": "kete ijayo {{places}}",
  "view.mayGoTo": "yaweza kwenda {{places}}",
  "view.lastLands": "ya mwisho inatua {{place}}",
  "view.moves": "hatua:",
  "view.leds": "taa:",
  "view.ctrlC": "Ctrl-C husimamisha",
  "view.tooSmall": "skrini ni ndogo mno: {{size}}, bao linahitaji {{need}};",
  "view.enlarge": "iongeze, na bao litachorwa upya (mchezo unaendelea)",
  "view.lit": "zinawaka: {{lights}}",
  "view.cup_one": "{{cup}} kikombe cha {{side}}: {{gems}} · pointi {{count}}",
  "view.cup_other": "{{cup}} kikombe cha {{side}}: {{gems}} · pointi {{count}}",
  "view.yourMove": "zamu yako>",
  "log.move": "hatua {{ply}}  {{side}} ({{player}})  {{move}}",
  "log.mistake": "! {{side}}: {{message}} — {{policy}}",
  "policy.retry": "jaribu tena",
  "policy.forfeit": "amepoteza",
  "policy.truncate": "hatua imekatwa",
  "policy.penalty5": "adhabu ya kete tano",
  "log.restored": "bao limerudishwa: {{result}}",
  "restored.retry": "mchezaji yule yule anacheza tena",
  "restored.turn-passed": "zamu inapita kwa mpinzani",
  "restored.continue": "zamu inaendelea",
  "restored.penalty-due": "sasa kete tano zinavuka kwa mpinzani (HB-9)",
  "restored.takeback": "imerudishwa nyuma",
  "log.penaltyDone": "adhabu imelipwa",
  "log.takeback": "hatua imerudishwa nyuma",
  "log.over": "mchezo umekwisha: {{who}} — {{reason}}",
  "log.draw": "sare",
  "log.sensorFault": "hitilafu ya kihisi: {{message}}",
  "log.setUp": "bao limepangwa",
  "log.setUpNeeds": "panga bao: {{needs}} (+ ongeza kete, - ondoa)",
  "log.linkLost": "mawasiliano na bao yamepotea{{reason}}; nasubiri yarudi",
  "log.linkUp": "mawasiliano na bao yamerudi: linganisha bao na taa, kisha endelea kucheza",
  "log.lineNoise":
    "kelele kwenye waya: bao linazungumza lakini majibu yake yanapotea; kete inaendelea kuuliza (angalia waya)",
  "log.newGame":
    "mchezo mpya wa {{game}}: {{first}} ({{firstSide}}) dhidi ya {{second}} ({{secondSide}}); kumbukumbu {{path}}",
  "log.newGameFrom":
    "mchezo mpya wa {{game}} {{from}}: {{first}} ({{firstSide}}) dhidi ya {{second}} ({{secondSide}}), zamu ya {{toMove}}; kumbukumbu {{path}}",
  "log.clocks": "saa: dakika {{minutes}} kila mmoja{{bonus}}; muda ukiisha, umepoteza",
  "log.bonusCapture": ", +sekunde {{seconds}} kwa kila hatua ya kula",
  "log.bonusPushOff": ", +sekunde {{seconds}} kwa kila gololi iliyosukumwa nje",
  "log.resumed": "{{path}} imeendelezwa kwenye hatua {{ply}}",
  "status.connecting": "nasubiri bao",
  "status.linkLost":
    "mawasiliano yamepotea: endelea bao likirudi; kama limeguswa, lirekebishe kisha bonyeza kitufe cha kuthibitisha",
  "status.chooseGame": "chagua mchezo",
  "status.setUp": "panga bao: {{needs}}",
  "status.over": "mchezo umekwisha",
  "status.restore": "rudisha bao: {{needs}}",
  "status.takeBack": "rudisha hatua: {{needs}}",
  "status.sensorFault": "hitilafu ya kihisi",
  "status.penalty": "adhabu",
  "status.handsOver": "{{side}} anatoa kete tano ({{rule}}){{wrong}}",
  "status.ketePlays":
    "{{side}}: kete inacheza {{move}}; hamisha kete zake kama bao linavyoziwasha{{hand}}",
  "status.andInHand": ", {{count}} mkononi",
  "status.keteChoosing": "{{side}}: kete inachagua hatua yake",
  "status.stands":
    "{{side}}: {{move}} inasimama kwa kitufe{{next}} au sekunde {{seconds}} bila mabadiliko; au endelea kama taa zinavyoonyesha",
  "status.orNextAct": ", tendo la kwanza la mpinzani",
  "status.liftPart": ", chukua {{count}} tu kutoka {{places}}",
  "status.nextStone": ", kete ijayo {{places}}",
  "status.sowing": "{{side}}: {{count}} mkononi{{next}}{{part}} ({{moves}})",
  "needs.list": "{{needs}}",
  "needs.move": "hamisha {{gem}} kutoka {{from}} hadi {{to}}",
  "needs.put": "weka {{gem}} ndani ya {{place}}",
  "needs.take": "toa {{gem}} kutoka {{place}}",
  "fault.unreadable": "kihisi cha {{places}} hakisomeki",
  "fault.unreadableSome": "vihisi vya mashimo mengine havisomeki",
  "fault.tooMany_one":
    "bao linasoma kete {{count}}, lakini mchezo una {{max}}: hakuna mkono unaoongeza kete (hitilafu ya kihisi)",
  "fault.tooMany_other":
    "bao linasoma kete {{count}}, lakini mchezo una {{max}}: hakuna mkono unaoongeza kete (hitilafu ya kihisi)",
  "next.stone": "kete ijayo ni ya {{places}}",
  "next.lift": "chukua {{places}} uendelee kupanda",
  "next.take": "chukua kete za {{places}}",
  "next.asLit": "zamu inaendelea kama taa zinavyoonyesha",
  "n.stones_one": "kete {{count}}",
  "n.stones_other": "kete {{count}}",
  "n.stone": "kete",
  "n.theStones_one": "kete hiyo",
  "n.theStones_other": "kete hizo",
  "n.aStone": "kete moja",
  "mistake.outOfTurn": "ni zamu ya {{side}}, lakini {{place}} limebadilika ({{rule}})",
  "mistake.wrongCapture":
    "kete zimechukuliwa kutoka {{place}}; kula ni kutoka {{places}} ({{rule}})",
  "mistake.noCapture":
    "kete zimechukuliwa kutoka {{place}}, lakini hapa hakuna kula ({{rule}}); {{next}}",
  "mistake.placedSeveral": "{{stones}} zimewekwa ndani ya {{place}}; zamu huweka moja ({{rule}})",
  "mistake.wrongPlacement": "kete imewekwa ndani ya {{place}}: {{why}}",
  "mistake.severalLifts":
    "{{places}} yamechukuliwa yote mawili; zamu huanza kutoka shimo moja ({{rule}})",
  "mistake.captureNotTaken":
    "kete ya mwisho imeanguka {{landing}} na {{place}} lina {{stones}}: zile kabla ya kuendelea kupanda ({{rule}})",
  "mistake.liftedWithHand_one":
    "{{place}} limechukuliwa wakati kete {{count}} bado iko mkononi; {{next}} ({{rule}})",
  "mistake.liftedWithHand_other":
    "{{place}} limechukuliwa wakati kete {{count}} bado ziko mkononi; {{next}} ({{rule}})",
  "mistake.liftedNotRelay":
    "{{place}} limechukuliwa; kete ya mwisho imeanguka {{landing}}, kwa hiyo {{landing}} ndilo huchukuliwa na kupandwa ({{rule}})",
  "mistake.liftedNotCapture":
    "{{place}} limechukuliwa; kete ya mwisho imeanguka mahali pa kula: kula {{places}} kwanza ({{rule}})",
  "mistake.lifted": "{{place}} limechukuliwa; {{next}} ({{rule}})",
  "mistake.droppedSeveral":
    "{{stones}} zimeangushwa {{place}}; kete moja kwa kila shimo, ijayo ni ya {{due}} ({{rule}})",
  "mistake.wrongKichwa":
    "kete zilizoliwa zimepandwa kuanzia {{place}}; ya kwanza inaenda {{due}} ({{rule}})",
  "mistake.startPitOnLap":
    "{{bead}} imeangushwa {{place}}, shimo la kuanzia: upandaji unaozunguka huruka shimo ulipoanzia ({{rule}}); hamisha {{it}} hadi {{due}}",
  "mistake.stoneDropped": "kete imeangushwa {{place}}",
  "mistake.stonesDropped": "{{stones}} zimeangushwa {{place}}",
  "mistake.againstTurn":
    "{{dropped}}, kinyume na mwelekeo wa zamu hii; kete ijayo ni ya {{due}} ({{rule}})",
  "mistake.againstPlay":
    "{{dropped}}, kinyume na mwelekeo wa mchezo{{fixed}}; kete ijayo ni ya {{due}} ({{rule}})",
  "mistake.fixed": " (umewekwa {{direction}} katika mchezo huu)",
  "mistake.skipped": "{{dropped}}, ikiruka {{due}}; kete ijayo ni ya {{due}} ({{rule}})",
  "mistake.wrongPit": "{{dropped}}; kete ijayo ni ya {{due}} ({{rule}})",
  "mistake.reads": "{{place}} linasoma {{reads}}, ilitarajiwa {{expected}}",
  "mistake.unexpected": "bao halilingani na mwendelezo wowote halali: {{shown}}; {{next}}",
  "gems.from": "{{gem}} kutoka {{place}}",
  "gems.into": " hadi {{places}}",
  "gems.putTaken": "weka vito vilivyochukuliwa ndani ya {{places}}",
  "gems.takeOne": "chukua kimoja kati ya {{options}}{{into}}",
  "gems.takeSome": "chukua {{count}} kati ya {{options}}{{into}}",
  "gems.takenFrom": "{{gem}} imechukuliwa kutoka {{place}}",
  "gems.wrongTaken": "{{what}}; {{take}} ({{rule}})",
  "gems.putInto": "{{gem}} imewekwa ndani ya {{place}}",
  "gems.wrongPut": "{{what}}; vito vilivyochukuliwa vinaenda {{places}} ({{rule}})",
  "gems.changedElsewhere":
    "{{place}} limebadilika wakati kula kunadaiwa: {{take}} kwanza ({{rule}})",
  "kete.begun": "{{moves}} imeanzishwa",
  "kete.otherMoved": "kete nyingine zimesogezwa",
  "kete.lifted": "{{places}} limechukuliwa",
  "kete.notChosen":
    "si hatua ya kete: kete bado haijachagua hatua yake ({{made}}); rudisha kete na subiri hatua ya kete iwake",
  "kete.notKetes":
    "si hatua ya kete: kete inacheza {{move}} ({{made}}); rudisha kete na cheza hatua ya kete inayowaka kwenye bao",
  "refusal.not-own": "{{place}} si shimo la mchezaji mwenye zamu ({{rule}})",
  "refusal.too-few": "{{place}} lina kete chache mno kuanza zamu ({{rule}})",
  "refusal.stage-limit":
    "{{place}} haianzishi zamu halali: upandaji ungepita kikomo cha hatua ({{rule}})",
  "refusal.capture-required": "{{place}} halili, na kula ni lazima ({{rule}})",
  "refusal.placement": "hairuhusiwi kuweka ndani ya {{place}} sasa ({{rule}})",
  "refusal.other": "{{place}} haianzishi zamu halali ({{rule}})",
  "led.legalStart": "anza",
  "led.nextStone": "kete ijayo",
  "led.lastStone": "ya mwisho inatua",
  "led.liftNext": "chukua tena",
  "led.liftPart": "chukua sehemu",
  "led.captureFrom": "kula kutoka",
  "led.capturedTo": "zilizoliwa hadi",
  "led.kichwaChoice": "chaguo la kichwa",
  "led.mistakeExcess": "nyingi mno",
  "led.mistakeMissing": "chache mno",
  "led.setupWrong": "panga",
  "led.winner": "mshindi",
  "led.draw": "sare",
  "led.sensorFault": "hitilafu ya kihisi",
  "led.linkLost": "mawasiliano yamepotea",
  "led.computerMove": "hatua ya kete",
  "led.hintStart": "dokezo",
  "led.hintNext": "njia ya dokezo",
  "led.hex.legalStart": "yaweza kusogea",
  "led.hex.nextStone": "yaweza kwenda",
  "led.hex.lastStone": "hatua ya mwisho",
  "led.hex.mistakeExcess": "hakuna gololi hapa",
  "led.hex.mistakeMissing": "gololi haipo",
  "led.hex.hintStart": "dokezo: sogeza",
  "led.hex.hintNext": "dokezo: hadi",
  "outcome.frontRowEmpty": "{{rule}}: safu ya mbele ya {{side}} iko tupu",
  "outcome.noFrontStone": "{{rule}}: {{side}} hana kete katika safu ya mbele",
  "outcome.noStartPit": "{{rule}}: {{side}} hana shimo lenye kete mbili au zaidi",
  "outcome.stageLimit":
    "{{rule}}: kila mwanzo alio nao {{side}} unazidi kikomo cha hatua {{limit}} (CORE-5)",
  "outcome.bothFrontRows":
    "{{rule}}: safu zote mbili za mbele ziko tupu; {{side}}, mwenye zamu, amepoteza",
  "outcome.stageLimitSowings":
    "BK-17: kila mwanzo alio nao {{side}} unazidi kikomo cha upandaji {{limit}} (BK-18)",
  "outcome.noLegalStart": "BK-17: {{side}} hana mwanzo halali",
  "outcome.neutralOut": "AB-9.6: {{side}} amesukuma gololi ya katikati nje na ameshinda",
  "outcome.pushedOff": "AB-6: {{side}} amesukuma nje {{marbles}}",
  "outcome.moveLimit":
    "AB-7: kikomo cha hatua kimefikiwa ({{moves}} kila mmoja); Weusi wamesukuma nje {{black}}, Weupe {{white}}",
  "outcome.noPushSingle":
    "AB-7: {{moves}} mfululizo bila gololi kusukumwa nje; katika mchezo wa rangi moja hakuna gololi kwenye E1…E9 iliyo ya mchezaji yeyote (AB-9.2): sare",
  "outcome.noPushHolds":
    "AB-7: {{moves}} mfululizo bila gololi kusukumwa nje; Weusi wanashika mashimo {{black}} ya E1…E9, Weupe {{white}}",
  "outcome.noMove": "AB-6: {{side}}, mwenye zamu, hana hatua halali",
  "outcome.emptyOpponentWins":
    "{{mover}} lazima acheze na mashimo yote matupu na {{opponent}} ana pointi {{count}} (15 au zaidi): {{opponent}} ameshinda, {{score}} (GB-6)",
  "outcome.emptyMoverWins":
    "{{mover}} lazima acheze na mashimo yote matupu na {{opponent}} ana pointi {{count}} (chini ya 15): {{mover}} ameshinda, {{score}} (GB-6)",
  "outcome.cannotFeed":
    "mashimo ya {{opponent}} ni matupu na {{mover}} hana upandaji unaoyafikia: {{opponent}} ameshinda, {{score}} (GB-5)",
  "outcome.thirdTime":
    "hali ya bao imetokea mara ya tatu, zamu ya {{mover}}: {{result}}, {{score}} (GB-7)",
  "outcome.scoreWins": "{{side}} ameshinda {{high}}–{{low}}",
  "outcome.scoreDraw": "sare, {{a}}–{{b}}",
  "outcome.kalahEmpty":
    "KA-5: mashimo ya {{side}} yako tupu; KA-6: kila mmoja anabaki na kete zilizo katika mashimo yake, {{result}}",
  "outcome.owareCannotFeed":
    "OW-4: hakuna mchezo unaoweza kulisha mashimo matupu ya mpinzani; anayecheza anachukua kete za mashimo yake: {{result}}",
  "outcome.owareHalf": "OW-6: mchezaji amekamata zaidi ya nusu ya kete: {{result}}",
  "outcome.owareThirdTime":
    "OW-7: hali ileile imetokea mara ya tatu; kila mmoja anachukua kete za mashimo yake: {{result}}",
  "outcome.owareNoStone":
    "OW-8: anayecheza hana kete katika mashimo yake; kete zilizobaki ni za mpinzani: {{result}}",
  "outcome.outOfTime": "muda wa {{side}} umekwisha",
  "outcome.flagFell": "{{rule}}: muda wa {{side}} umekwisha",
  "n.moves_one": "hatua {{count}}",
  "n.moves_other": "hatua {{count}}",
  "n.marbles_one": "gololi {{count}}",
  "n.marbles_other": "gololi {{count}}",
  "n.blackMarbles_one": "gololi {{count}} nyeusi",
  "n.blackMarbles_other": "gololi {{count}} nyeusi",
  "n.whiteMarbles_one": "gololi {{count}} nyeupe",
  "n.whiteMarbles_other": "gololi {{count}} nyeupe",
  "web.liveGame": "kete · mchezo mubashara",
  "web.connecting": "inaunganisha…",
  "web.toMove": "◀ zamu yake",
  "web.mistakeBy": "Kosa la {{side}}",
  "web.restored": "bao limerudishwa ({{policy}})",
  "web.putBack": "rudisha: {{needs}} (+ ongeza kete, − ondoa) · kisha: {{policy}}",
  "web.connection": "bao {{link}} · hatua {{ply}}",
  "web.gameOverPly": "mchezo umekwisha · hatua {{ply}}",
  "web.notServing": "kete haionyeshi mchezo huu",
  "web.stopped": "kete imesimama",
  "web.reconnecting": "mawasiliano yamepotea; inaunganisha tena…",
  "web.lights": "Taa",
  "web.moves": "Hatua",
  "web.messages": "Ujumbe",
  "web.howToRead": "Jinsi ya kusoma bao",
  "web.readCount": "Namba katika shimo ni kete zake; ? kihisi hakijui.",
  "web.readRing":
    "Taa inayowaka ni pete ya rangi yake, na msimbo wake chini (herufi ya rangi + herufi ya mtindo, mf. GS kijani tulivu): pete kamili inawaka tu, pete ya vistari inapepesa, pete mbili zinapepesa haraka, pete ya vitone inapiga kama moyo.",
  "web.readHatched": "Shimo lenye mistari na alama ~ bado linabadilika (mkono uko pale).",
  "web.readFault": "Shimo lenye alama ! na ukingo mwekundu wa vistari lina hitilafu ya kihisi.",
  "web.stones": "kete {{count}}",
  "web.gems": "vito {{gems}}",
  "web.led": "{{meaning}} (taa {{colour}} {{pattern}}, {{code}})",
  "web.unsettled": "linabadilika",
  "web.sensorFault": "hitilafu ya kihisi",
  "web.gameOver":
    "Mchezo umekwisha: {{who}} · {{first}} {{firstScore}} – {{second}} {{secondScore}} · {{reason}}",
  "web.winsPlayer": "{{side}} ({{player}}) ameshinda",
  "web.hole.black": "nyeusi",
  "web.hole.white": "nyeupe",
  "web.hole.empty": "tupu",
  "web.hole.neutral": "gololi ya katikati",
  "web.hole.marble": "gololi",
  "web.hole.unreadable": "haisomeki",
  "speak.missing":
    "--speak: {{command}} haijasakinishwa, kwa hiyo hakuna kinachotamkwa (apt-get install espeak-ng); mchezo unaendelea",
  "speak.failed":
    "--speak: {{command}} imeshindwa ({{why}}), kwa hiyo hakuna zaidi kitakachotamkwa; mchezo unaendelea",
  "speak.ketePlays": "kete inacheza {{move}}",
  "speak.mistake": "{{side}}: {{message}}",
  "colour.b": "nyeusi",
  "colour.w": "nyeupe",
  "abalone.withRule": "{{text}} ({{rule}})",
  "abalone.tooLong":
    "mstari wa gololi nne au zaidi ({{colour}}) umesogezwa kutoka {{place}}; mstari kama huo hausogei wote pamoja",
  "abalone.ownOff":
    "gololi ({{colour}}) imesukumwa nje ya bao kutoka mstari wa {{place}}; gololi yako haitoki nje",
  "abalone.singlePush":
    "gololi ({{colour}}) ya {{place}} imesukuma gololi ({{other}}); gololi moja haisukumi kamwe",
  "abalone.outnumbered":
    "gololi {{group}} ({{colour}}) kutoka {{place}} zimesukuma {{pushed}} ({{other}}); sumito: mstari unaosukuma lazima uwe mwingi zaidi",
  "abalone.blocked":
    "gololi {{group}} ({{colour}}) kutoka {{place}} zimesukuma mstari ({{other}}), lakini gololi yako ({{colour}}) nyuma yake inazuia",
  "abalone.broadside":
    "mstari {{line}} wa {{side}} umesogea kando hadi shimo lenye gololi; hatua ya kando inahitaji mashimo matupu na haisukumi kamwe",
  "abalone.outOfTurn": "ni zamu ya {{side}}, lakini {{other}} wamesogeza {{places}} (AB-2)",
  "abalone.noMove":
    "{{places}} yamebadilika kwa namna ambayo hakuna hatua halali ya {{side}} inayobadilisha",
  "keyboard.sowing": "napanda {{move}}",
  "keyboard.pushing": "nasukuma {{move}}",
  "keyboard.busy": "bado napanda hatua yako iliyopita",
  "keyboard.notYourTurn": "bado si zamu yako",
  "keyboard.refused": "hatua hii haiwezekani hapa",
  "keyboard.refusedRule": "hatua hii haiwezekani hapa ({{rule}})",
  "kete.plays":
    "kete ({{side}}, kiwango {{level}} {{name}}) inacheza {{move}}: hamisha kete zake kama bao linavyoziwasha (t: kete inafikiri nini)",
  "kete.noMove": "kete haikuweza kuchagua hatua: {{why}}",
  "kete.noSearch": "kete haikuweza kutafuta ({{why}}); inacheza hatua halali ya kwanza",
  "kete.hintsOff": "hakuna madokezo katika mchezo huu (--hints off)",
  "kete.hintAtStart": "dokezo ni kwa mwanzo wa zamu",
  "kete.ownTurn": "ni zamu ya kete: hatua yake inawaka kwenye bao",
  "kete.noHint": "hakuna dokezo: {{why}}",
  "kete.hint": "dokezo kwa {{side}}: {{move}} — {{why}}",
  "kete.why": "{{took}}; alama ya kete {{score}} (kina {{depth}}); inatarajia {{expects}}",
  "kete.takes_one": "inakula kete {{count}} mara moja",
  "kete.takes_other": "inakula kete {{count}} mara moja",
  "kete.thoughtsNone": "kete bado haijafikiria mchezo huu",
  "kete.thoughts":
    "{{what}} kwa {{side}} katika zamu {{ply}}: alama {{score}} ({{took}}), inatarajia {{expects}} (kina {{depth}}, nodi {{nodes}}, kiwango {{level}})",
  "kete.thoughtsMove": "kete inacheza {{move}}",
  "kete.thoughtsHint": "dokezo la kete {{move}}",
  "kete.takesNone": "haili kete mara moja",
  "led.obstacle": "kizuizi (AB-9.4)",
  "led.trap": "mtego (AB-9.5)",
  "view.teamSeat": "{{now}} anacheza, kisha {{next}}",
  "abalone.ontoObstacle": "gololi imeingia kwenye kizuizi {{place}}; hakuna gololi inayoingia humo",
  "abalone.inTrap":
    "gololi iko kwenye mtego {{place}}; gololi yako haiingii mtegoni, na ya mpinzani iliyosukumwa humo inatoka mchezoni",
  "abalone.neutralMoved":
    "gololi ya katikati imesogea kutoka {{from}} hadi {{to}}; hakuna mchezaji anayeisogeza, ila msukumo wa mstari",
  "abalone.shieldPushed":
    "ngao {{places}} imesogea na kusukuma gololi mbele yake; ngao huingia mashimo matupu tu na haisukumi kamwe",
  "abalone.variant.tooLong":
    "mstari wa gololi nne au zaidi umesogezwa kutoka {{place}}; mstari kama huo hausogei wote pamoja",
  "abalone.variant.ownOff":
    "gololi ya mwenye zamu imesukumwa nje ya bao kutoka mstari wa {{place}}; gololi yako haitoki nje",
  "abalone.variant.singlePush":
    "gololi ya {{place}} imesukuma nyingine; gololi moja haisukumi kamwe",
  "abalone.variant.outnumbered":
    "mstari kutoka {{place}} umesukuma gololi nyingi kama ulizo nazo au zaidi; sumito: mstari unaosukuma lazima uwe mwingi zaidi",
  "abalone.variant.blocked":
    "mstari kutoka {{place}} umesukuma, lakini gololi yako nyuma ya mstari uliosukumwa inazuia",
  "abalone.variant.intoObstacle":
    "mstari kutoka {{place}} umeingiza gololi kwenye kizuizi; hakuna gololi inayoingia humo",
  "abalone.variant.ownIntoTrap":
    "mstari kutoka {{place}} umeingiza gololi yako mtegoni; ni gololi iliyosukumwa tu inayoanguka humo",
  "abalone.variant.neutralOff":
    'mstari kutoka {{place}} umesukuma gololi ya katikati nje ya mchezo, jambo ambalo neutralOff "forbidden" hairuhusu',
  "log.keptAside": "faili lote lililoharibika limehifadhiwa kama {{path}}",
  "log.journal": "kumbukumbu: {{path}}",
  "log.paused":
    "mchezo umesimamishwa: {{reason}}; endelea nao kwa: npx kete play --resume {{path}}",
};

export default sw;
