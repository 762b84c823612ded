import { any, cues, entry as e, type CueSet, type ScreenEntry } from './entries';

/**
 * Self-harm and suicide inside a sentence (issue 26), Japanese and English, kind `selfHarm`,
 * always strong. The rules look for a wish, a plan, an act or a farewell in the first person:
 * 死にたい / 消えたい / いなくなりたい, リスカ, 手首切った, ODした, 薬をいっぱい飲んだ, 飛び降りよう,
 * 遺書, 生きてる意味がない, "I want to kill myself", "I took a bunch of pills", "better off
 * without me". Ordinary hyperbole does not match, because it has no wish or act: 死ぬほど笑った,
 * 死ぬかと思った, 死ぬ気で, ゲームで死んだ, "dying of laughter", "this homework is killing me",
 * "I died in the game".
 *
 * Japanese patterns read the `kana` form (natural hiragana), English ones the `english` form.
 */

/** First person and the time words a farewell is said with (今夜いなくなる, 明日には私はいない). */
const ME_OR_WHEN = any(
  '私',
  'わたし',
  'あたし',
  '僕',
  'ぼく',
  '俺',
  'おれ',
  'うち',
  '自分',
  'じぶん',
  '今夜',
  '今晩',
  'こんや',
  '今日で',
  '明日',
  'あした',
  'もうすぐ',
  'そろそろ',
  '近いうちに',
);
const GONE = any(
  'いなくなる',
  'いなくなります',
  '消える',
  'きえる',
  '消えます',
  '死ぬ(?=ね|から|よ|わ|$|[。.！!…])',
  'しぬ(?=ね|から|よ|わ|$|[。.！!…])',
);
/** "no longer here": もう…いない (明日はいないから alone is an absence, not a farewell). */
const NO_LONGER =
  'もう(?:[^。！？!?]{0,4}?(?:は|が))?(?:この世に)?いない(?=と思|かも|から|よ|ね|$|[。.！!…])';
const PILLS_JA = any(
  '薬',
  'くすり',
  '市販薬',
  '睡眠薬',
  '眠剤',
  '風邪薬',
  '頭痛薬',
  'ぶろん',
  '錠剤',
);
const LOTS_JA = any(
  'いっぱい',
  'たくさん',
  '大量に?',
  '全部',
  'ぜんぶ',
  'まとめて',
  '一気に',
  'いっきに',
  '一度に',
  '[0-9]+錠',
  '何十錠',
  '一箱',
  '1箱',
  '一瓶',
);

/** English first person, or the message's start (teenagers drop the "I"). */
const I =
  '(?:^ | i | im | im | i am | i ll | ill | i will | id | id | i just | i really | i kinda | i honestly | i seriously | me | i still | i kinda just )';

export const SELF_HARM_ENTRIES: readonly ScreenEntry[] = [
  // ── Japanese ─────────────────────────────────────────────────────────────────────────────
  // A wish or plan to die or disappear.
  e(
    'selfHarm',
    'strong',
    'kana',
    '(?:死|し)にたい|(?:死|し)のう(?:かな|と思|っと|っかな|か(?=$|[。、…]))|死んで(?:しまいたい|しまおう)|死んじゃいたい|死んじゃおう|(?:死|し)ねたら(?:いい|楽|らく)|(?:死|し)に(?:方|かた)|(?:死|し)ぬ(?:方法|ほうほう)|楽に(?:死|し)|らくに(?:死|し)|死ねる(?:かな|方法|薬|くすり)|(?:消|き)えたい|(?:消|き)えてしまいたい|(?:消|き)えちゃいたい|いなくなりたい|居なくなりたい|生きて(?:い)?たくない|いきていたくない',
    '',
    '尊|推し|おし(?:が|の)|恥ずかし|はずかし',
  ),
  e(
    'selfHarm',
    'strong',
    'kana',
    '(?:自分|じぶん|私|わたし|僕|ぼく|俺|おれ)(?:を|のこと)?(?:消したい|けしたい|殺したい|ころしたい)|(?:私|わたし|自分|じぶん|僕|ぼく|俺|おれ|あたし)(?:なんか|なんて)[^。]{0,8}?(?:迷惑|めいわく|邪魔|じゃま|いらない|価値(?:が)?ない|いない(?:ほう|方))|生きて(?:る|いる)(?:意味|いみ|理由)(?:が|も)?(?:見つからない|みつからない)',
  ),
  e(
    'selfHarm',
    'strong',
    'kana',
    '(?:死|し)に(?:てぇ|てー|てえ|たく(?:なる|なった|て)|たかった)|(?:消|き)え(?:てぇ|てー|たく(?:なる|なった|て))|いなくなり(?:てぇ|たく)|生きて(?:いけ|いく)(?:る)?(?:気|自信)が(?:しない|ない)|(?<!と|で|は)生きていけない|生きるの(?:が|も|に)?(?:つらい|辛い|しんどい|無理|むり|疲れ|つかれ|いや|嫌)|(?:死|し)んだら(?:楽|らく)|(?:死|し)のう(?=$|[。、！!…])|(?:死ぬ|しぬ|消える|きえる|いなくなる)しか(?:ない|なくない)|(?:死ぬ|しぬ|死にたい|消える|きえる|消えたい|いなくなる|自殺|じさつ)(?:こと|事)(?:ばかり|ばっかり|ばっか|しか)(?:考え|かんがえ)|(?:私|わたし|僕|ぼく|俺|おれ|自分|じぶん|あたし)(?:を|のこと)(?:殺して|ころして|消して|けして|終わらせて)|(?:存在|そんざい)(?:してる|する|している)?(?:意味|価値|いみ|かち)(?:が|って)?(?:ない|ある[？?]|あるの)|(?:手首|腕|うで)(?:に|の)(?:線|傷|きず|跡|あと)|生きて(?:て|いて|る)(?:も)?(?:意味|いみ)(?:が|も)?(?:ない|なくない)|生まれて(?:き|来)て(?:ごめん|すみません|申し訳)|(?:目が覚め|目覚め|起き)なければ(?:いい|いいのに)|朝が(?:来|こ)なければ|(?:消|き)えて(?:なくなり|しまい)たい|(?:死|し)ねば(?:楽|らく)|もう(?:生き|いき)(?:たくない|られない)',
  ),
  // How to: 首つりの方法, 死ぬ方法を調べてる.
  e(
    'selfHarm',
    'strong',
    'kana',
    '(?:首(?:つり|吊り)|自殺|じさつ|飛び降り|とびおり|死ぬ|しぬ|死ねる|楽に死|od|おーばーどーず|りすか)の?(?:方法|ほうほう|やり方|やりかた|仕方|しかた)',
  ),
  // Hoarding pills: 睡眠薬ためてる.
  e(
    'selfHarm',
    'strong',
    'kana',
    `${PILLS_JA}(?:を)?(?:${LOTS_JA})?(?:ため|溜め|集め|あつめ)(?:て|た|てる|ている)`,
  ),
  // A blade used on oneself again and again (毎晩カミソリで切ってる), a scar that grows.
  e(
    'selfHarm',
    'strong',
    'kana',
    '(?:かみそり|剃刀|かったー|刃物|はもの|ないふ)で(?:(?:腕|うで|手首|自分|体|からだ|足|太もも)(?:を)?)?(?:切|き)(?:って|った|る|りたい|っちゃ)',
    '毎晩|毎日|まいばん|まいにち|また|今日も|いつも|夜|こっそり|落ち着|おちつ|腕|手首|自分',
  ),
  e(
    'selfHarm',
    'strong',
    'kana',
    '(?:腕|うで|手首|足|太もも|体)の(?:傷|きず)(?:が|を|は)?(?:増え|ふえ|隠|かく|見られ|また)|(?:自分|じぶん)(?:の)?(?:体|からだ|腕|うで|手首|顔)?(?:を|に)?(?:殴|なぐ|叩|たた|切|刺|焼)(?:って|った|っちゃ|いて|いた|いちゃ|てる|る(?!な))',
  ),
  e(
    'selfHarm',
    'strong',
    'kana',
    '(?:ろーぷ|縄|練炭|れんたん)',
    '決めた|決心|準備|用意|今夜|最後|さいご|死|し[ぬの]',
  ),
  // A farewell with thanks: 今日で最後にする。今までありがとう.
  e(
    'selfHarm',
    'strong',
    'kana',
    '最後に(?:する|します|しよう)|これが最後の(?:投稿|めっせーじ|書き込み|かきこみ)',
    'ありがとう|さよなら|さようなら|ごめん|ばいばい|元気で',
  ),
  e(
    'selfHarm',
    'strong',
    'kana',
    '(?:自殺|じさつ)(?:したい|しよ|する(?:かも|ね|わ|しか)|しちゃ|考え|かんがえ|未遂|みすい|して(?:やる|しまい)|の方法|方法|さいと|サイト|願望)',
  ),
  // A farewell: 今夜いなくなる, 明日にはもう私はいないと思う.
  e(
    'selfHarm',
    'strong',
    'kana',
    `${ME_OR_WHEN}(?:は|が|に|には|で)?(?:もう)?(?:${ME_OR_WHEN})?(?:は|が)?(?:もう)?${GONE}|${ME_OR_WHEN}(?:は|が|に|には|で)?${NO_LONGER}`,
  ),
  // Cutting and other self-injury.
  e(
    'selfHarm',
    'strong',
    'kana',
    '(?<![ぁ-ゖ])りすか(?!る|ー)|りすとかっと|あむか(?![ぁ-ゖ])|れぐか(?![ぁ-ゖ])|根性焼き|自傷|じしょう行為|(?:手首|てくび|腕|うで|太もも|ふともも|足首)(?:を)?(?:また|今日も|きょうも|毎日)?(?:切|き)(?:った|っちゃ|る(?!とき)|りたい|って(?:る|しま|ちゃ)|ると|れば)|(?:自分|じぶん)(?:を|のこと)?(?:を)?(?:傷つけ|きずつけ|切り)(?:たい|たくなる|てしまう|ちゃう|ちゃった|てる|た(?=$|[。、…]))',
  ),
  e('selfHarm', 'strong', 'folded', 'リスカ(?!ル|ー)|リストカット|アムカ|レグカ'),
  // Overdose: ODした, オーバードーズ, 薬をいっぱい飲んだ.
  e(
    'selfHarm',
    'strong',
    'folded',
    '(?<![a-z])od(?![a-z])\\s?(?:した|しちゃ|しよ|する|って|中|しそう|しま|したい|気味)',
  ),
  e('selfHarm', 'strong', 'kana', 'おーばーどーず'),
  e('selfHarm', 'strong', 'kana', `${PILLS_JA}(?:を|も)?${LOTS_JA}(?:飲|の)`),
  // Hanging, jumping, trains.
  e(
    'selfHarm',
    'strong',
    'kana',
    '首(?:を)?(?:吊|つ)(?:ろう|りたい|る(?:しか|か)|ろっかな|った|ろうと)|首吊り|首つり|(?:飛び降り|とびおり)(?:たい|よう|ちゃ|自殺|る(?=$|[。、…]|しか|か(?:な|も)))|(?:屋上|おくじょう|びる|橋|はし|べらんだ|まんしょん|窓|まど)から(?:飛|と)(?:ぶ|ぼう|びたい|びよう|び降り|びおり)(?!行機|こうき)|(?:電車|でんしゃ|線路|せんろ)に(?:飛び込|とびこ)|(?:車|くるま|とらっく)に(?:ひかれ|轢かれ)(?:たい|よう)',
  ),
  // Pulled towards a drop (ベランダから下を見てたら飛びたくなった), wounds hidden (傷が見えないように
  // 長袖), how many pills or floors it takes (睡眠薬何錠飲んだら死ねる), a death put softly (明日の朝
  // には冷たくなってるかも).
  e(
    'selfHarm',
    'strong',
    'kana',
    '(?:屋上|おくじょう|べらんだ|窓|まど|線路|せんろ|ほーむ|橋|はし|高い(?:所|ところ)|びる|まんしょん)[^。！？!?]{0,14}?(?:飛び|とび|落ち|おち)(?:降り|おり|込み|こみ)?(?:たく|たい)|(?:何錠|なんじょう|何粒|なんつぶ|何階|なんかい)[^。！？!?]{0,12}?(?:死ね|しね|死ぬ|しぬ|死ん|しん)|(?:どうやったら|どうすれば|痛くなく|いたくなく|確実に|かくじつに)(?:死ね|しね|死ぬ|しぬ|死ん|消え|きえ)|(?:薬|くすり|睡眠薬|すいみんやく)[^。！？!?]{0,10}?(?:死ねる|しねる)|冷たくなって(?:る|いる)(?:かも|はず|と思|でしょ)|(?:永遠|えいえん)に(?:眠|ねむ)り(?:たい|につきたい)|(?:二度と|にどと)(?:目覚め|めざめ|起きたく|おきたく)',
  ),
  // Masked death (4んだら楽, タヒにたい), dying with someone, a set date, a farewell that ends
  // tonight, tomorrow not coming, choking or hitting oneself as a habit.
  e(
    'selfHarm',
    'strong',
    'folded',
    '(?:タヒ|4|４|氏)(?:に(?:たい|たく|てぇ|てー)|ん(?:だら(?:楽|らく)|じゃいたい|でしまいたい|だほうが))',
  ),
  e(
    'selfHarm',
    'strong',
    'kana',
    '(?:一緒|いっしょ)に(?:死|し)(?:んで|の|ね|ぬ)|(?:死|し)ぬ(?:つもり|予定|よてい|と決め|ことに(?:した|決め))|(?:今夜|こんや|今日|きょう|明日|あした)で(?:全部|ぜんぶ)?(?:終わり|おわり)に(?:する|します|しよう)|(?:明日|あした|朝|あさ)が(?:来|こ)なければ|(?:消|き)えられたら(?:いい|楽|らく)|(?:首|くび)(?:を)?(?:しめ|締め|絞め)(?:て(?:み|る|い)|た(?=$|[。、！!…])|ちゃ)|(?:頭|あたま)(?:を)?(?:壁|かべ|机|つくえ)に(?:ぶつけ|打ちつけ|うちつけ)(?=[^。]{0,8}?(?:やめられ|止められ|毎日|まいにち|毎晩|また|わざと))|(?:壁|かべ|机|つくえ)に(?:頭|あたま)(?:を)?(?:ぶつけ|打ちつけ|うちつけ)(?=[^。]{0,8}?(?:やめられ|止められ|毎日|まいにち|毎晩|また|わざと))',
    '',
    'ごっこ|げーむ|ドラマ|どらま|映画|小説|物語|主人公|ぷろれす|柔道|じゅうどう',
  ),
  e(
    'selfHarm',
    'strong',
    'kana',
    '(?:傷|きず|跡|あと|痕)(?:が|を|は)?(?:見えない|みえない|ばれない|隠|かく)',
    '長袖|ながそで|袖|そで|手首|てくび|腕|うで|ばんそうこう|絆創膏|りすとばんど|包帯|ほうたい|切',
  ),
  // A note, a life not worth living, being better gone.
  e(
    'selfHarm',
    'strong',
    'kana',
    '遺書|生きてる(?:の|意味|いみ|価値|かち)(?:が|も|は)?(?:つらい|辛い|しんどい|苦しい|くるしい|ない|わからない|分からない|いや|嫌|疲れ)|生きる(?:の|意味|いみ|価値|かち|理由)(?:が|も|は)?(?:ない|わからない|分からない|見つからない|疲れ|つかれ|つらい|辛い)|生まれて(?:こなければ|こなきゃ|きたくなかった|こなかったら)|産まれて(?:こなければ|こなきゃ|きたくなかった)|人生(?:を)?(?:終わり|おわり|終わらせ|おわらせ)',
  ),
  e(
    'selfHarm',
    'strong',
    'kana',
    '(?:自分|じぶん|私|わたし|僕|ぼく|俺|おれ|あたし)(?:なんか|なんて|が)(?:いない|居ない|いなくな|消え|きえ|生まれ|死ん|しん)[^。]{0,6}?(?:ほうが|方が|ば)(?:いい|まし|よかった|[^。]{0,6}?(?:幸せ|しあわせ|楽|らく))',
  ),
  // ── English ──────────────────────────────────────────────────────────────────────────────
  e(
    'selfHarm',
    'strong',
    'english',
    `${I}(?:want to|wanna|wana|need to|m going to|am going to|going to|gonna|will|might|should|d like to|would like to|feel like|think i ll|m thinking about|am thinking about|thinking about|thinkin about|plan to|m planning to|planning to|just want to|kinda want to) (?:kill myself|kms|end it all|end it|end my life|die(?! laughing| of | from | inside| a little| for (?!real))|disappear|not exist|not be here|not wake up|hurt myself|cut myself|cut again|hang myself|overdose|od|take my (?:own )?life|jump(?:ing)? off|jump in front)`,
  ),
  e(
    'selfHarm',
    'strong',
    'english',
    ' kill myself | killing myself | kms | suicidal | suicide (?:note|letter|plan|attempt) | commit suicide | (?:end|ending|take|taking) my (?:own )?life | self harm(?:ing|ed)? | selfharm | overdosed | overdosing | od d | hang myself | hanging myself ',
  ),
  e(
    'selfHarm',
    'strong',
    'english',
    ' (?:cut|cutting|hurt|hurting|harm|harming|burn|burning|starve|starving) myself (?:again|on purpose|intentionally|deliberately|every (?:day|night)|when|because|to feel) | (?:started|start|stopped|stop|been) cutting | cutting again | relapsed ',
  ),
  e(
    'selfHarm',
    'strong',
    'english',
    ' (?:took|take|taking|swallowed|swallow|downed) (?:a bunch of|a lot of|all (?:my|the|of my|of the|of)|too many|so many|lots of|a handful of|a whole bottle of|a bottle of|[0-9]+) (?:[a-z]+ ){0,2}(?:pills|tablets|meds|medicine|painkillers) | how many (?:pills|tablets|painkillers)[a-z ]* (?:die|kill|not wake|overdose) ',
  ),
  e(
    'selfHarm',
    'strong',
    'english',
    ' (?:want|wanted|need|wish) (?:it all|everything|my life|all of this|all this) to (?:end|stop|be over) | (?:don t|dont|do not|can t|cant) see (?:the|any) (?:point|reason) (?:in|of|to) (?:living|live|life|being alive|going on|anything) | (?:life|living) (?:isn t|isnt|is not|aint) worth (?:it|living) | what s the point (?:of|in) (?:living|life|being alive) | i won t be (?:here|around|alive) (?:tomorrow|anymore|much longer|next week) | never wake up | better off dead | (?:nobody|no one|noone) (?:would|will) (?:even )?(?:miss|notice|care about) me | im (?:just )?a burden | (?:thinking|thought|think) (?:about|of) (?:suicide|ending it|killing myself|ending my life|dying) | (?:want|wanna|going) to sleep (?:forever|and never wake up) ',
  ),
  e(
    'selfHarm',
    'strong',
    'english',
    ' (?:done|finished|tired|sick) (?:with|of) (?:life|living|everything|being alive|existing) | (?:been|keep|kept|started|still|always) (?:hurting|cutting|harming|burning) (?:myself|my (?:arms?|wrists?|legs?|thighs?)) | pills (?:are )?in my hand | (?:have|got|holding|bought) (?:the )?(?:pills|rope|knife|blade) (?:ready|in my hand|right now|already) | don t want to exist | dont want to exist ',
  ),
  e(
    'selfHarm',
    'strong',
    'english',
    ' (?:saving|saved|collecting|hoarding|stockpiling|kept|keeping) (?:up )?(?:(?:my|all|the|some|[a-z]+ s) ){0,3}(?:pills|tablets|meds|medicine|painkillers|sleeping pills) | how many (?:[a-z]+ ){0,2}(?:pills|tablets|painkillers|paracetamol|tylenol|ibuprofen|aspirin|sleeping pills)(?: [a-z]+){0,6} (?:die|dead|kill|not wake|never wake|overdose|od) | (?:cut|cutting|cuts) (?:again|last night|every night|myself) | (?:step|stepping|jump|jumping|throw|throwing) (?:myself )?in front of (?:a|the) (?:train|car|bus|truck) | nice knowing (?:you|u|yall|y all|everyone) | suicide (?:is|s) (?:the )?(?:only|best|easiest) | if im (?:not|gone)(?: [a-z]+){0,3} (?:next week|tomorrow|anymore) ',
  ),
  e(
    'selfHarm',
    'strong',
    'english',
    ' (?:cut|hurt|burned|burnt|harmed) myself ',
    '',
    ' (?:accident|accidentally|cooking|paper|shaving|while|playing|practice|on a|on the|with a knife while) ',
  ),
  e(
    'selfHarm',
    'strong',
    'english',
    ' (?:a|any|no) reason to (?:keep )?(?:living|live|go on|be alive|stay alive) | (?:happier|better|better off) (?:if|when|without) i (?:died|was gone|wasn t here|disappeared|was dead|killed myself|die) ',
  ),
  e(
    'selfHarm',
    'strong',
    'english',
    ' (?:nobody|no one|noone) (?:would |will |d |even )*(?:cares?|notices?|misses|miss|cry|cries) (?:if|when) i | not (?:going to|gonna) be (?:around|here|alive) (?:much longer|for long|tomorrow|anymore) | i (?:ll |will |m going to |m gonna |gonna )?end it (?:tonight|today|all|soon|now|for good) | the (?:night|day) i end it | sorry for everything | forgive me for everything ',
  ),
  e(
    'selfHarm',
    'strong',
    'english',
    ' (?:nobody|no one|noone) (?:would|will|d) (?:even )?(?:care|notice|miss me|cry) ',
    ' (?:die|died|dead|gone|disappear|disappeared|kill myself) ',
  ),
  e(
    'selfHarm',
    'strong',
    'english',
    ' (?:my|the|this is my) (?:last|final) (?:message|post|words|goodbye|note) ',
    ' (?:goodbye|bye|sorry|thank you for everything|thanks for everything|love you all|forgive me) ',
  ),
  e(
    'selfHarm',
    'strong',
    'english',
    ' (?:don t|dont|do not|never) want to (?:be alive|live|exist|wake up|be here) | (?:wish|wished) i (?:was|were|had) (?:never been born|never born|not born|dead|not alive) | better off without me | (?:would|will|d|ll) (?:all )?be (?:better|happier|fine|okay|ok) (?:off )?without me | (?:nobody|no one|noone) (?:would|will|d) (?:even )?(?:care|notice|miss me)[a-z ]* (?:if|when) i (?:died|die|was gone|disappeared|disappear|left|killed myself|wasn t here|was not here) | goodbye (?:letter|note) | end it (?:all|tonight|today) | goodbye (?:forever|cruel world) | (?:no|nothing to) (?:reason|point) (?:to|in) (?:live|living|being alive) ',
  ),
  // ── Indirect: a farewell, plans for a future without oneself, hidden wounds, "unalive" ───
  // Plans, a future that stops at a date, wounds hidden, food refused, giving things away.
  e(
    'selfHarm',
    'strong',
    'english',
    ' want2disappear | (?:not|never) (?:gonna|going to) be (?:here|around|alive) (?:next|after|by|past|this time) | (?:won t|wont|will not) (?:make it|be alive|be around|be here) (?:to|till|until|for|by|past) (?:the |my )?(?:exams?|summer|christmas|birthday|weekend|next|end of|graduation|holidays?) | (?:plan|plans|planning|planned)(?: [a-z]+){0,3} end (?:it|it all|my life|everything|things) | (?:if|when|once) (?:im|i am) (?:absent|gone|away|missing|not here) (?:forever|for good|permanently) ',
  ),
  e(
    'selfHarm',
    'strong',
    'english',
    ' long sleeves(?: [a-z]+){0,4} (?:for a reason|to hide|so (?:no one|nobody|noone)) | (?:cuts|scars)(?: [a-z]+){0,4} (?:to hide|hide from|hiding from|keep hiding) | (?:don t|dont|do not) deserve (?:food|to eat|to live|to be alive|to exist|to be here|to be happy) | stopped eating(?: [a-z0-9]+){0,2} days? | make myself bleed | (?:hit|hitting|bang|banging|punch|punching) my head (?:on|against) (?:the |a )?wall | i deserve (?:the |this )?pain ',
  ),
  e(
    'selfHarm',
    'strong',
    'english',
    ' (?:giving|give|gave) away (?:all )?(?:my|all my) (?:stuff|things|games|clothes|books|switch|console)(?: [a-z]+){0,8} (?:wont|won t|will not|dont|don t) need (?:it|them) | ctb (?:soon|tonight|today|now|this week) | wish (?:that|the|a) (?:car|bus|train|truck|lorry) (?:had )?(?:actually |just )?hit me | done trying(?: [a-z]+){0,2} sorry (?:mum|mom|mam|dad|everyone|guys|all) ',
  ),
  e(
    'selfHarm',
    'strong',
    'english',
    ' unalive (?:myself|me|my self) | (?:gonna|going to|want to|wanna|will|might) unalive | want ?(?:2|to) disappear | i (?:won t|wont|will not) be (?:here|around) (?:at all|next (?:term|year)|much longer|for (?:long|much longer)|anymore) | (?:don t|dont|do not|can t|cant) see myself (?:making it|being here|being alive|alive|around|living) | probably my last (?:post|message|comment|time) | (?:wrote|written|writing|left) (?:letters|notes|goodbye letters|a letter|a note|a goodbye) (?:for|to) (?:everyone|my family|my parents|my mum|my mom|you all|all of you|every one) | (?:hiding|hide|hid|covering|cover|covered) (?:up )?(?:the |my )?(?:cuts|scars|marks|burns) | should (?:ve|have) taken more | (?:my|the) (?:goals?|plans?)(?: for)?(?: [a-z]+){0,3} none(?: [a-z]+){0,3} (?:won t|wont|will not) be (?:around|here|alive) ',
  ),
  e(
    'selfHarm',
    'strong',
    'english',
    ' (?:how (?:high|tall|far up)|how many floors|how many stories|how many storeys)(?: [a-z]+){0,8} (?:enough|to die|if i jump|to be sure|to make sure) ',
    '',
    ' (?:ramp|ball|marble|plant|tower|score|grade|shelf|fence|rocket|kite|project|experiment|volume|sound|temperature|water) ',
  ),
  e(
    'selfHarm',
    'strong',
    'kana',
    '(?:消える|きえる|いなくなる|死ぬ|しぬ)(?:つもり|予定|よてい|って決め|ってきめ)|(?:[0-9０-９一二三四五六七八九十]+年後|来年|らいねん|大人になる(?:頃|ころ)|その(?:頃|ころ))(?:の)?(?:私|わたし|僕|ぼく|自分|じぶん|うち|あたし|俺|おれ)(?:は|って)(?:たぶん|きっと|もう|多分)?(?:いない|生きてない|いきてない|この世にいない)|(?:うちの|私の|わたしの|僕の|ぼくの|自分の|じぶんの|俺の|おれの)(?:命|いのち)(?:なんて|なんか|は|も)?(?:別に|べつに|もう)?(?:いらん|いらない|要らない|どうでもいい|惜しくない|おしくない|なくなって(?:も)?(?:ええ|いい))|(?:いっそ|もう)(?:死|し)んだ(?:ほう|方)が(?:楽|らく|まし|いい)|(?:線路|せんろ|ほーむ|ほーむ|電車|でんしゃ)[^。！？!?]{0,14}?(?:飛び込|とびこ)(?:み|ん|む)(?:そう|たい|たく)|(?:od|おーばーどーず|薬|くすり)[^。]{0,20}?次は(?:もっと|ほんまに|本当に|ほんとに|ちゃんと)',
  ),
  e(
    'selfHarm',
    'strong',
    'kana',
    '(?:さよなら|さようなら|ばいばい|ありがとう)',
    'もう(?:がんばれ|頑張れ|生きられ|いきられ|会え|あえ)(?:ない|へん|ん)|もう限界',
    '転校|てんこう|引っ越|ひっこ|卒業|そつぎょう|留学|りゅうがく|帰国|きこく|引退|いんたい|旅行|りょこう|異動|退職|部活|試合|しあい|げーむ|きゃら|ドラマ|どらま|映画|えいが|夏休み|授業|じゅぎょう|最後の(?:日|授業|試合|発表|問題|ページ|一口|ひとくち)|最後まで',
  ),
];

/** What makes death words ordinary talk: hyperbole, games, tests, stories, animals, lessons. */
const ORDINARY_JA =
  'すとれっち|体操|たいそう|運動|うんどう|たいぴんぐ|ほど|かと思|死にそう|しにそう|そうになった|までに|笑|相撲|骨折|ぶつけ|日焼け|筋肉|筋とれ|腕時計|腕前|[wｗ]{1,}(?:$|[。、！!])|草|げーむ|ぼす|てすと|宿題|しゅくだい|範囲|部活|恐竜|魚|亀|動物|主人公|きゃら|電池|猫|犬|虫|髪|爪|紙|野菜|肉|料理|包丁|けが|怪我|転ん|薬局|病院|大切|大事|命の|学んだ|習った|調べた|について|消しゴム|けしごむ|電気|画面|植物|花|どらま|映画|漫画|まんが|あにめ|小説|物語|歴史|戦争|ぺん|いんく|まじっく|熱|風邪|かぜ';
const ORDINARY_EN =
  ' (?:laugh|laughing|laughed|lol|lmao|haha|joke|jokes|game|boss|level|respawn|test|homework|exam|phone|battery|hair|nails|paper|turtles?|fish|animals?|character|movie|show|book|story|plants?|flowers?|embarrassment|embarrassed|dying to|die for|killing it|killed it|dead serious|deadline|dead tired|grandpa|grandma|doctor|allergy|allergies|cut out|haircut|volleyball|soccer|practice|dinosaurs?|history|war) ';

/**
 * Self-harm said in words no structure above foresaw: a word of death or injury with the first
 * person, a wish, a plan, a method or a farewell, and none of the ordinary contexts.
 */
export const SELF_HARM_CUES: readonly CueSet[] = [
  cues(
    'selfHarm',
    'kana',
    '死|しに(?:たい|方|かた)|しの(?:う)|しね(?:る|たら|ば)|しん(?:だ|で)|自殺|じさつ|消え|きえ(?:たい|る|て)|いなくな|この世|生きて|生きる|いきる|生まれて|うまれて|存在|終わりに(?:す|し)|おわりに(?:す|し)|腕|手首|終わらせ|首|絞め|しめ(?:たら|よう)|飛び降|とびお|飛び込|身投げ|遺書|楽にな|らくにな|目覚めたくな|起きたくな|切(?:り|っ|る)|きり(?:たい|たく)|傷|きず|刃|かみそり|剃刀|かったー|血|ろーぷ|縄|練炭|薬|くすり|od|おーばーどーず|りすか|自傷',
    [
      [
        '私|わたし|あたし|僕|ぼく|俺|おれ|自分|じぶん|もう|毎日|毎晩|いつも|ずっと|最近|今夜|今日も|また',
        0.4,
      ],
      ['刃|かみそり|剃刀|かったー|ろーぷ|縄|練炭|首|絞め|飛び降|飛び込|薬|od|屋上|線路', 0.4],
      [
        'たい(?!へん|せつ|いく|かい)|たく(?:な|て)|よう(?:かな|と|っと)|(?<!だ)かな|まし|ほうがいい|方がいい|しかない|考え|方法|教えて|やり方|仕方|しまった|ちゃった|てしまう|どうでもいい|意味(?:が|も)?ない|いみない|ごめんなさい|さよなら|さようなら|ばいばい|決めた|ため$|だらけ|持ち歩|やめられない|楽にな|らくにな|限界|つらい|辛い|しんどい|疲れた|つかれた|つもり|誰も(?:困らない|気にしない|悲しまない)|悲しんでくれる|場所(?:を)?(?:探|さが)|ばいい|ればいい|ばよかった|やっちゃった',
        0.6,
      ],
    ],
    ORDINARY_JA,
  ),
  cues(
    'selfHarm',
    'english',
    ' (?:life|die|dying|dead|death|kill myself|killing myself|kms|suicide|suicidal|end it|ending it|end everything|end things|ending things|stop existing|be gone|gone soon|end my life|alive|exist|existing|wake up|cut|cutting|hurt myself|hurting myself|harm|pills|overdose|noose|hang myself|jump off|rope|blade|razor|note for|goodbye|disappear|born) ',
    [
      [
        ' (?:i|im|im|id|ive|ill|me|my|myself|tonight|tomorrow|anymore|every day|again|sometimes) ',
        0.4,
      ],
      [' (?:noose|rope|blade|razor|pills|bridge|overdose|knife|roof) ', 0.4],
      [' (?:pointless|meaningless|worthless|over|no reason|want out|i want out) ', 0.6],
      [
        ' (?:want|wanna|feel like|rather|wish|how do you|how to|how many|tired of|done with|can t|cant|keep thinking|thinking about|plan|planning|going to|gonna|to feel|just in case|better off|no point|nobody would|forever|don t want|dont want) ',
        0.6,
      ],
    ],
    ORDINARY_EN,
  ),
];
