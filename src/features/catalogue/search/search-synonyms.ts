import type { Language } from '@/lib/locale';

/**
 * The words shoppers type for what this shop sells, per language (decision 082). A query word in
 * `words` also finds products described with any of `words` or `related`; a word that is only in
 * `related` does not widen in turn (a search for "toy" finds massagers, one for "massager" does not
 * find the toy cleanser). Words are lower case; Chinese entries are matched inside the typed text.
 */
export type SynonymEntry = { words: string[]; related?: string[] };

export const searchSynonyms: Record<Language, SynonymEntry[]> = {
  EN: [
    { words: ['massager', 'vibrator', 'vibe', 'wand', 'bullet'], related: ['massage'] },
    { words: ['toy', 'sex toy', 'adult toy'], related: ['massager', 'trainer'] },
    { words: ['lubricant', 'lube', 'lubrication'] },
    { words: ['condom', 'rubber', 'johnny', 'contraception', 'contraceptive'] },
    {
      words: ['lingerie', 'underwear', 'intimates', 'nightwear', 'sleepwear'],
      related: ['bralette', 'brief', 'bodysuit', 'slip', 'camisole', 'robe'],
    },
    { words: ['bra', 'bralette'] },
    { words: ['panties', 'knickers', 'brief', 'briefs', 'thong'] },
    { words: ['robe', 'gown', 'kimono', 'dressing gown', 'bathrobe'] },
    { words: ['nightie', 'nightdress', 'chemise', 'slip'] },
    { words: ['pyjamas', 'pajamas', 'loungewear'], related: ['lounge', 'camisole'] },
    { words: ['kegel', 'pelvic'] },
    { words: ['couple', 'couples', 'partner', 'partners'] },
    {
      words: ['supplement', 'supplements', 'vitamin', 'vitamins', 'pill', 'pills'],
      related: ['capsules', 'softgels', 'gummies'],
    },
    { words: ['fertility', 'ovulation', 'conceive', 'trying for a baby'], related: ['pregnancy'] },
    { words: ['pregnancy', 'pregnant'] },
    { words: ['cleanser', 'cleaner', 'wash', 'cleansing'] },
    { words: ['oil', 'massage oil'], related: ['massage'] },
    { words: ['sleep', 'insomnia'] },
  ],
  ZH: [
    { words: ['情趣', '情趣用品', '成人用品'], related: ['按摩器', '情侣', '感官', '润滑', '蕾丝', '吊带', '连体衣'] },
    { words: ['按摩器', '按摩棒', '振动棒', '震动棒', '跳蛋', '玩具', '成人玩具', '自慰器'], related: ['按摩'] },
    { words: ['润滑液', '润滑剂', '润滑油', '润滑'] },
    { words: ['安全套', '避孕套', '套套', '保险套', '避孕'] },
    { words: ['内衣', '情趣内衣', '睡衣'], related: ['文胸', '内裤', '睡裙', '睡袍', '连体衣', '吊带', '家居'] },
    { words: ['胸罩', '文胸', '内衣'] },
    { words: ['真丝', '丝绸', '桑蚕丝'] },
    { words: ['凯格尔', '盆底肌', '缩阴'] },
    { words: ['保健品', '营养品', '维生素'], related: ['胶囊', '软糖', '软胶囊'] },
    { words: ['验孕', '验孕棒', '怀孕', '早孕', '早早孕'] },
    { words: ['备孕', '排卵'], related: ['早早孕'] },
    { words: ['情侣', '夫妻'] },
    { words: ['清洁', '清洗', '洗液'] },
    { words: ['失眠', '助眠', '睡眠'] },
  ],
  MS: [
    { words: ['pengurut', 'vibrator', 'penggetar', 'alat urut'], related: ['urut'] },
    { words: ['mainan', 'mainan seks', 'alat seks'], related: ['pengurut', 'latihan'] },
    { words: ['pelincir', 'lubrikan', 'lube'] },
    { words: ['kondom', 'sarung', 'kontraseptif', 'pencegah hamil'] },
    {
      words: ['pakaian dalam', 'lingerie', 'baju tidur'],
      related: ['bralet', 'seluar dalam', 'bodysuit', 'gaun', 'kamisol', 'jubah', 'santai'],
    },
    { words: ['bra', 'coli', 'bralet'] },
    { words: ['seluar dalam', 'panties'] },
    { words: ['sutera', 'sutra', 'silk'] },
    { words: ['jubah', 'robe', 'kimono'] },
    { words: ['kegel', 'pelvis', 'pelvik'] },
    { words: ['pasangan', 'suami isteri'] },
    { words: ['suplemen', 'vitamin', 'pil'], related: ['kapsul', 'gula-gula'] },
    { words: ['kehamilan', 'hamil', 'mengandung'] },
    { words: ['kesuburan', 'ovulasi', 'subur'], related: ['kehamilan'] },
    { words: ['pencuci', 'pembersih', 'sabun'] },
    { words: ['tidur', 'insomnia'] },
  ],
};
