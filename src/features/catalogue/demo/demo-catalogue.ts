/*
 * The demo catalogue seeded on first start. Some products are deliberately awkward, to exercise
 * the storefront's edge cases:
 * - not sold in every currency (`-222`): satin-sensory-kit (no CNY), maca-vitality-capsules (no CNY),
 *   warming-massage-oil (its Sandalwood size has no MYR);
 * - out of stock: travel-mini-massager (every size at 0); mulberry-silk-robe (size L at 0);
 * - taken down (`-231`): lace-brief-trio (onSale: false);
 * - no reviews: silk-camisole-set, magnesium-sleep-gummies.
 * Pictures are `art:<slug>:<n>[:<colour>]` references, drawn by product-art.ts: a product sold in
 * one colour is drawn in it; one sold in several has a picture per colour, which its options name.
 */
import type { CatalogueImport, LocalizedText, ProductImport } from '@/features/catalogue/catalogue-import.schema';
import type { Language } from '@/lib/locale';
import type { OptionColour } from './option-colours';

type SizeImport = ProductImport['specifications'][number];
type Prices = SizeImport['prices'];
type Price = NonNullable<Prices['USD']>;
type CommentImport = NonNullable<ProductImport['comments']>[number];
type Size = 'S' | 'M' | 'L';
type Colour = { key: string; name: LocalizedText };
type Offer = { prices: Prices; pointsPrice?: number; picture?: string };

function price(unitPrice: number, originalPrice?: number): Price {
  return originalPrice === undefined ? { unitPrice } : { unitPrice, originalPrice };
}

/** One specification per size in `stock`, all in one colour and at one price. */
function sizeRun(skuPrefix: string, colour: Colour, stock: Partial<Record<Size, number>>, offer: Offer): SizeImport[] {
  return (Object.entries(stock) as [Size, number][]).map(([size, units]) => ({
    sku: `${skuPrefix}-${size.toLowerCase()}-${colour.key}`,
    name: {
      EN: `${size} · ${colour.name.EN}`,
      ZH: `${size} 码 · ${colour.name.ZH}`,
      MS: `${size} · ${colour.name.MS}`,
    },
    stock: units,
    ...offer,
  }));
}

/** `count` shots of the product, drawn in `colour` when it comes in one. */
function pictures(slug: string, count: 2 | 3, colour?: OptionColour): string[] {
  return Array.from({ length: count }, (_, n) => `art:${slug}:${n}${colour ? `:${colour}` : ''}`);
}

/** The product in each of its colours (the first is its main picture), then its other shots in the first colour. */
function colourPictures(slug: string, count: 2 | 3, colours: OptionColour[]): string[] {
  return [...colours.map((colour) => shownIn(slug, colour)), ...pictures(slug, count, colours[0]).slice(1)];
}

/** The picture of the product in `colour`: what an option of that colour names as its picture. */
function shownIn(slug: string, colour: OptionColour): string {
  return `art:${slug}:0:${colour}`;
}

function review(
  rating: number,
  authorName: string,
  language: Language,
  daysAgo: number,
  content: string,
): CommentImport {
  return { rating, authorName, language, daysAgo, content };
}

const lingerie: ProductImport[] = [
  {
    slug: 'mulberry-silk-robe',
    category: 'lingerie',
    arrivedDaysAgo: 210,
    soldCount: 412,
    name: { EN: 'Mulberry Silk Robe', ZH: '桑蚕丝睡袍', MS: 'Jubah Sutera Mulberi' },
    summary: {
      EN: 'Grade 6A mulberry silk with a soft sheen, cut to a relaxed knee length for slow mornings.',
      ZH: '6A 级桑蚕丝，光泽柔和，及膝宽松剪裁，适合慵懒的清晨。',
      MS: 'Sutera mulberi gred 6A berkilau lembut, dipotong longgar paras lutut untuk pagi yang santai.',
    },
    description: {
      EN: 'Woven from 19 momme mulberry silk, this robe feels cool against the skin and drapes beautifully. A self-tie belt, deep patch pockets and French seams make it as practical as it is elegant. Hand wash cold or dry clean to keep the sheen.',
      ZH: '采用 19 姆米桑蚕丝织就，贴肤清凉，垂坠感极佳。自系腰带、深口贴袋与法式包缝，兼顾实用与优雅。建议冷水手洗或干洗，以保持丝绸光泽。',
      MS: 'Ditenun daripada sutera mulberi 19 momme, jubah ini terasa sejuk pada kulit dan jatuh dengan cantik. Tali pinggang, poket tampal yang dalam dan jahitan Perancis menjadikannya praktikal serta anggun. Basuh dengan tangan dalam air sejuk atau cucian kering untuk mengekalkan kilauannya.',
    },
    pictures: colourPictures('mulberry-silk-robe', 3, ['midnight', 'champagne']),
    specifications: [
      ...sizeRun(
        'silk-robe',
        { key: 'midnight', name: { EN: 'Midnight', ZH: '午夜蓝', MS: 'Biru Malam' } },
        { S: 38, M: 54, L: 0 },
        {
          pointsPrice: 8900,
          prices: { USD: price(8900, 10900), CNY: price(62900, 76900), MYR: price(39900, 48900) },
          picture: shownIn('mulberry-silk-robe', 'midnight'),
        },
      ),
      ...sizeRun(
        'silk-robe',
        { key: 'champagne', name: { EN: 'Champagne', ZH: '香槟色', MS: 'Champagne' } },
        { M: 27 },
        {
          pointsPrice: 8900,
          prices: { USD: price(8900, 10900), CNY: price(62900, 76900), MYR: price(39900, 48900) },
          picture: shownIn('mulberry-silk-robe', 'champagne'),
        },
      ),
    ],
    comments: [
      review(5, 'Mei L.', 'ZH', 34, '面料非常顺滑，穿上很有质感，包装也很私密，送礼自用都合适。'),
      review(
        5,
        'Emily W.',
        'EN',
        58,
        'Genuinely the nicest thing I own. The colour is a deep navy rather than black, which I love.',
      ),
      review(
        4,
        'Aisyah R.',
        'MS',
        102,
        'Kainnya lembut dan selesa. Saiz M agak labuh sedikit untuk saya, tapi masih cantik.',
      ),
      review(
        3,
        'Jordan K.',
        'EN',
        190,
        'Beautiful silk, but it creases easily and a belt loop came loose after a few washes.',
      ),
    ],
  },
  {
    slug: 'scalloped-lace-bralette',
    category: 'lingerie',
    arrivedDaysAgo: 12,
    soldCount: 156,
    name: { EN: 'Scalloped Lace Bralette', ZH: '扇贝边蕾丝无钢圈文胸', MS: 'Bralet Renda Bertepi Kerang' },
    summary: {
      EN: 'Wire-free French lace with a scalloped edge and soft adjustable straps for all-day comfort.',
      ZH: '无钢圈法式蕾丝，扇贝花边搭配可调节柔软肩带，全天舒适。',
      MS: 'Renda Perancis tanpa dawai dengan tepi kerang dan tali lembut boleh laras untuk keselesaan sepanjang hari.',
    },
    description: {
      EN: 'Delicate French-style lace sits over a soft microfibre lining, so it looks pretty without any scratchiness. The scalloped edge lies flat under clothes, and the adjustable straps can be crossed or worn straight. Pair it with matching lace briefs or let it peek out from under a blazer.',
      ZH: '精致的法式蕾丝内衬柔软超细纤维，美观又不扎肤。扇贝花边贴合平整，穿在衣物下不显痕迹；可调节肩带可交叉或直穿。可搭配同系列蕾丝内裤，或作为西装外套内搭若隐若现。',
      MS: 'Renda gaya Perancis yang halus dilapik mikrofiber lembut, jadi ia cantik tanpa rasa gatal. Tepi kerangnya rata di bawah pakaian, dan tali boleh laras boleh dipakai bersilang atau lurus. Padankan dengan seluar dalam renda yang sepadan atau pakai di bawah blazer.',
    },
    pictures: colourPictures('scalloped-lace-bralette', 3, ['blush', 'ivory']),
    specifications: [
      ...sizeRun(
        'lace-bralette',
        { key: 'blush', name: { EN: 'Blush', ZH: '浅粉色', MS: 'Merah Jambu Lembut' } },
        { S: 64, M: 88, L: 45 },
        {
          pointsPrice: 3500,
          prices: { USD: price(3499), CNY: price(24900), MYR: price(15900) },
          picture: shownIn('scalloped-lace-bralette', 'blush'),
        },
      ),
      ...sizeRun(
        'lace-bralette',
        { key: 'ivory', name: { EN: 'Ivory', ZH: '象牙白', MS: 'Gading' } },
        { M: 52 },
        {
          pointsPrice: 3500,
          prices: { USD: price(3499), CNY: price(24900), MYR: price(15900) },
          picture: shownIn('scalloped-lace-bralette', 'ivory'),
        },
      ),
    ],
    comments: [
      review(5, 'Hannah M.', 'EN', 6, 'So comfortable I forgot I was wearing it. The blush is a lovely soft pink.'),
      review(4, 'Xiaoyu Z.', 'ZH', 9, '蕾丝很柔软不扎人，就是 S 码稍微有点紧，建议拿大一码。'),
      review(
        5,
        'Nurul H.',
        'MS',
        10,
        'Cantik sangat dan selesa dipakai lama. Penghantaran pun cepat dan bungkusan tertutup.',
      ),
    ],
  },
  {
    slug: 'satin-slip-dress',
    category: 'lingerie',
    arrivedDaysAgo: 95,
    soldCount: 288,
    name: { EN: 'Satin Slip Dress', ZH: '缎面吊带睡裙', MS: 'Gaun Slip Satin' },
    summary: {
      EN: 'A bias-cut satin slip in warm champagne that skims the body and moves like liquid.',
      ZH: '斜裁缎面吊带裙，暖调香槟色，轻盈贴身，如水般流动。',
      MS: 'Gaun slip satin potongan serong dalam warna champagne yang hangat, mengikut bentuk badan dan beralun cantik.',
    },
    description: {
      EN: 'Cut on the bias for a fluid drape, this slip dress falls just below the knee with a softly cowled neckline. Thin adjustable straps and a hidden side slit make it easy to move in. Wear it to bed, or layer a knit over it for an evening at home.',
      ZH: '斜裁工艺带来自然垂坠，裙长及膝下，领口为柔和的垂褶设计。细肩带可调节，侧边隐藏开衩，行动自如。可作睡裙，也可外搭针织衫，享受居家夜晚。',
      MS: 'Dipotong serong untuk jatuhan yang lembut, gaun ini labuh sedikit di bawah lutut dengan leher berlipat lembut. Tali nipis boleh laras dan belahan sisi tersembunyi memudahkan pergerakan. Pakai untuk tidur, atau gayakan dengan kardigan untuk malam santai di rumah.',
    },
    pictures: pictures('satin-slip-dress', 3, 'champagne'),
    specifications: sizeRun(
      'satin-slip',
      { key: 'champagne', name: { EN: 'Champagne', ZH: '香槟色', MS: 'Champagne' } },
      { S: 42, M: 75, L: 36 },
      {
        pointsPrice: 6000,
        prices: { USD: price(5999, 7499), CNY: price(41900, 52900), MYR: price(26900, 33900) },
      },
    ),
    comments: [
      review(5, 'Olivia B.', 'EN', 20, 'The colour is stunning in person and the fit is really flattering.'),
      review(4, 'Jing W.', 'ZH', 45, '质感不错，颜色很高级。缎面容易勾丝，要小心一点。'),
      review(5, 'Farah A.', 'MS', 77, 'Sangat cantik! Saya pakai untuk ulang tahun perkahwinan, suami pun suka.'),
      review(2, 'Megan F.', 'EN', 88, 'Runs quite small and the straps kept slipping off my shoulders. Returned it.'),
    ],
  },
  {
    slug: 'soft-mesh-bodysuit',
    category: 'lingerie',
    arrivedDaysAgo: 40,
    soldCount: 97,
    name: { EN: 'Soft Mesh Bodysuit', ZH: '柔纱连体衣', MS: 'Bodysuit Jaring Lembut' },
    summary: {
      EN: 'A smoothing stretch-mesh bodysuit with a snap closure that works under tailoring or on its own.',
      ZH: '弹力网纱连体衣，塑形平滑，底部按扣设计，可内搭也可单穿。',
      MS: 'Bodysuit jaring regang yang melicinkan bentuk badan dengan butang snap, sesuai dipakai di dalam atau sendirian.',
    },
    description: {
      EN: 'A double layer of soft stretch mesh smooths without squeezing, and the high neck and long sleeves give it a polished look. Flat seams disappear under trousers and skirts. The snap closure makes changing quick and easy.',
      ZH: '双层柔软弹力网纱，塑形但不勒身；高领长袖设计，利落有型。平缝工艺，搭配长裤或半裙都不显痕迹。底部按扣开合，穿脱方便快捷。',
      MS: 'Dua lapisan jaring regang yang lembut melicinkan tanpa menekan, manakala leher tinggi dan lengan panjang memberi rupa yang kemas. Jahitan rata tidak kelihatan di bawah seluar atau skirt. Butang snap memudahkan anda menukar pakaian.',
    },
    pictures: pictures('soft-mesh-bodysuit', 2, 'black'),
    specifications: sizeRun(
      'mesh-bodysuit',
      { key: 'black', name: { EN: 'Black', ZH: '黑色', MS: 'Hitam' } },
      { S: 33, M: 48, L: 29 },
      { pointsPrice: 4600, prices: { USD: price(4599), CNY: price(32900), MYR: price(20900) } },
    ),
    comments: [
      review(4, 'Sarah T.', 'EN', 14, 'Nice quality mesh and smooth under a blazer. Wish it came in a nude shade too.'),
      review(5, 'Lin H.', 'ZH', 25, '版型很好，穿在西装里面很显气质。'),
      review(3, 'Siti N.', 'MS', 33, 'Material okay, tapi butang snap agak susah dibuka.'),
    ],
  },
  {
    slug: 'organic-cotton-lounge-set',
    category: 'lingerie',
    arrivedDaysAgo: 320,
    soldCount: 640,
    name: { EN: 'Organic Cotton Lounge Set', ZH: '有机棉家居套装', MS: 'Set Santai Kapas Organik' },
    summary: {
      EN: 'A breathable top and wide-leg trousers in GOTS-certified organic cotton, made for lazy weekends.',
      ZH: 'GOTS 认证有机棉上衣配阔腿裤，透气亲肤，专为慵懒周末打造。',
      MS: 'Atasan dan seluar kaki lebar daripada kapas organik bersijil GOTS yang bernafas, untuk hujung minggu yang santai.',
    },
    description: {
      EN: 'Soft, breathable organic cotton jersey in a muted oat shade, pre-washed so it will not shrink. The top has a relaxed boat neck; the trousers have a wide leg and a drawstring waist. Both pieces are easy to wash and get softer with time.',
      ZH: '柔软透气的有机棉针织面料，低调燕麦色，经过预洗不易缩水。上衣为宽松一字领，裤子为阔腿抽绳腰设计。两件都易于打理，越洗越柔软。',
      MS: 'Jersi kapas organik yang lembut dan bernafas dalam warna oat yang lembut, telah dibasuh awal supaya tidak mengecut. Atasan berleher bot yang longgar; seluarnya berkaki lebar dengan pinggang bertali. Kedua-duanya mudah dibasuh dan semakin lembut dari masa ke masa.',
    },
    pictures: pictures('organic-cotton-lounge-set', 3, 'oat'),
    specifications: sizeRun(
      'lounge-set',
      { key: 'oat', name: { EN: 'Oat', ZH: '燕麦色', MS: 'Oat' } },
      { S: 70, M: 120, L: 85 },
      { pointsPrice: 6500, prices: { USD: price(6499), CNY: price(45900), MYR: price(28900) } },
    ),
    comments: [
      review(5, 'Daniel R.', 'EN', 40, 'Bought it for my partner and now I want one too. Very soft and well made.'),
      review(5, 'Yan C.', 'ZH', 110, '面料舒服，洗了几次也没变形，在家穿一整天都很舒服。'),
      review(4, 'Izzati K.', 'MS', 160, 'Selesa dan sejuk dipakai. Warnanya sedikit lebih gelap daripada gambar.'),
      review(5, 'Grace H.', 'EN', 230, 'My go-to for working from home. Worth every cent.'),
      review(4, 'Amir Z.', 'MS', 290, 'Beli untuk isteri, dia suka. Saiz tepat.'),
    ],
  },
  {
    slug: 'lace-brief-trio',
    category: 'lingerie',
    onSale: false,
    arrivedDaysAgo: 390,
    soldCount: 820,
    name: { EN: 'Lace Brief Trio', ZH: '蕾丝内裤三件装', MS: 'Set Tiga Seluar Dalam Renda' },
    summary: {
      EN: 'Three soft lace briefs in blush, ivory and black with a cotton gusset and no-dig edges.',
      ZH: '三件装柔软蕾丝内裤，含浅粉、象牙白与黑色，棉质内裆，边缘不勒。',
      MS: 'Tiga seluar dalam renda lembut dalam warna merah jambu, gading dan hitam dengan lapik kapas dan tepi yang tidak menekan.',
    },
    description: {
      EN: 'Each pack holds one brief in each colour, cut from stretch lace with a breathable cotton gusset. The edges are finished flat so they stay invisible under clothing. Machine wash cold in a laundry bag.',
      ZH: '每盒包含三种颜色各一条，弹力蕾丝面料搭配透气棉质内裆。边缘平整处理，穿在衣物下不留痕迹。请装入洗衣袋冷水机洗。',
      MS: 'Setiap pek mengandungi satu helai bagi setiap warna, diperbuat daripada renda regang dengan lapik kapas yang bernafas. Tepinya dijahit rata supaya tidak kelihatan di bawah pakaian. Basuh mesin dengan air sejuk dalam beg dobi.',
    },
    pictures: pictures('lace-brief-trio', 2),
    specifications: sizeRun(
      'lace-brief-trio',
      {
        key: 'mixed',
        name: { EN: 'Blush / Ivory / Black', ZH: '浅粉 / 象牙白 / 黑色', MS: 'Merah Jambu / Gading / Hitam' },
      },
      { S: 40, M: 65, L: 38 },
      { pointsPrice: 3000, prices: { USD: price(2999), CNY: price(20900), MYR: price(13900) } },
    ),
    comments: [
      review(4, 'Lauren D.', 'EN', 200, 'Good value and comfy. The black one faded a little after a few months.'),
      review(5, 'Hui T.', 'ZH', 260, '性价比很高，舒服不勒，已经回购第二次了。'),
      review(5, 'Liyana S.', 'MS', 300, 'Selesa dan cantik, berbaloi untuk harga ini.'),
    ],
  },
  {
    slug: 'silk-camisole-set',
    category: 'lingerie',
    arrivedDaysAgo: 5,
    soldCount: 18,
    name: { EN: 'Silk Camisole & Shorts Set', ZH: '真丝吊带短裤套装', MS: 'Set Kamisol dan Seluar Pendek Sutera' },
    summary: {
      EN: 'A lightweight silk camisole and shorts set in dusty rose, finished with a delicate lace trim.',
      ZH: '轻薄真丝吊带背心配短裤，灰玫瑰色，饰以精致蕾丝边。',
      MS: 'Set kamisol dan seluar pendek sutera ringan dalam warna ros pudar, dihiasi renda halus.',
    },
    description: {
      EN: 'Made from 16 momme mulberry silk, this set keeps you cool on warm nights. The camisole has adjustable straps and a softly curved hem; the shorts have a covered elastic waist. It arrives folded in a reusable cotton pouch, ready to give.',
      ZH: '采用 16 姆米桑蚕丝，炎热夏夜也清爽宜人。吊带可调节，下摆呈柔和弧线；短裤为包边松紧腰设计。以可重复使用的棉布收纳袋包装，送礼也很体面。',
      MS: 'Diperbuat daripada sutera mulberi 16 momme, set ini memastikan anda sejuk pada malam yang panas. Kamisol mempunyai tali boleh laras dan hujung melengkung lembut; seluar pendeknya berpinggang getah bersalut. Ia dihantar berlipat dalam kantung kapas guna semula, sedia untuk dihadiahkan.',
    },
    pictures: pictures('silk-camisole-set', 3, 'rose'),
    specifications: sizeRun(
      'silk-cami-set',
      { key: 'rose', name: { EN: 'Dusty Rose', ZH: '灰玫瑰色', MS: 'Ros Pudar' } },
      { S: 24, M: 36, L: 20 },
      { pointsPrice: 7000, prices: { USD: price(6999), CNY: price(48900), MYR: price(31900) } },
    ),
  },
];

const toys: ProductImport[] = [
  {
    slug: 'pebble-personal-massager',
    category: 'toys',
    arrivedDaysAgo: 150,
    soldCount: 876,
    name: { EN: 'Pebble Personal Massager', ZH: '鹅卵石个人按摩器', MS: 'Pengurut Peribadi Pebble' },
    summary: {
      EN: 'A palm-sized, whisper-quiet massager shaped like a smooth river stone, in body-safe silicone.',
      ZH: '掌心大小、静音设计，外形如光滑鹅卵石，采用亲肤医用级硅胶。',
      MS: 'Pengurut sebesar tapak tangan yang sangat senyap, berbentuk seperti batu sungai yang licin, daripada silikon selamat untuk badan.',
    },
    description: {
      EN: 'Ten gentle vibration patterns, a single intuitive button and a soft-touch silicone shell make this our most popular first massager. It is waterproof to IPX7, charges by magnetic USB in two hours and runs for up to ninety minutes. Quiet enough for thin walls and discreet enough for a bedside drawer.',
      ZH: '十种温和震动模式、一键直观操作、柔触硅胶外壳，是本店最受欢迎的入门按摩器。IPX7 级防水，磁吸 USB 充电两小时，可使用长达九十分钟。运行安静，外观低调，放在床头抽屉也毫不起眼。',
      MS: 'Sepuluh corak getaran lembut, satu butang yang mudah dan cengkerang silikon sentuhan lembut menjadikannya pengurut pertama paling popular kami. Ia kalis air IPX7, dicas melalui USB magnet dalam dua jam dan tahan sehingga sembilan puluh minit. Cukup senyap dan cukup ringkas untuk disimpan dalam laci tepi katil.',
    },
    pictures: colourPictures('pebble-personal-massager', 3, ['sage', 'blush', 'lavender']),
    specifications: [
      {
        sku: 'pebble-massager-sage',
        picture: shownIn('pebble-personal-massager', 'sage'),
        name: { EN: 'Sage', ZH: '鼠尾草绿', MS: 'Hijau Sage' },
        stock: 120,
        pointsPrice: 5000,
        prices: { USD: price(4999, 5999), CNY: price(34900, 41900), MYR: price(22900, 26900) },
      },
      {
        sku: 'pebble-massager-blush',
        picture: shownIn('pebble-personal-massager', 'blush'),
        name: { EN: 'Blush', ZH: '浅粉色', MS: 'Merah Jambu Lembut' },
        stock: 95,
        pointsPrice: 5000,
        prices: { USD: price(4999, 5999), CNY: price(34900, 41900), MYR: price(22900, 26900) },
      },
      {
        sku: 'pebble-massager-lavender',
        picture: shownIn('pebble-personal-massager', 'lavender'),
        name: { EN: 'Lavender', ZH: '薰衣草紫', MS: 'Lavender' },
        stock: 64,
        pointsPrice: 5000,
        prices: { USD: price(4999, 5999), CNY: price(34900, 41900), MYR: price(22900, 26900) },
      },
    ],
    comments: [
      review(5, 'Jordan K.', 'EN', 12, 'Beautifully designed and so quiet. The magnetic charger is a nice touch.'),
      review(5, 'Mei L.', 'ZH', 30, '颜值很高，手感像真的石头一样顺滑，声音很小。'),
      review(
        4,
        'Aisyah R.',
        'MS',
        65,
        'Reka bentuk comel dan senyap. Bateri tahan lama, cuma saya harap ada lebih banyak pilihan warna.',
      ),
      review(
        5,
        'Priya S.',
        'EN',
        98,
        'Perfect size, easy to clean, and the parcel was completely plain. Would buy again.',
      ),
      review(3, 'Wen J.', 'ZH', 140, '做工不错，但是切换模式有点麻烦，要按很多次。'),
      review(5, 'Hafiz M.', 'MS', 120, 'Beli sebagai hadiah untuk isteri. Kualiti sangat baik.'),
    ],
  },
  {
    slug: 'ripple-wand-massager',
    category: 'toys',
    arrivedDaysAgo: 260,
    soldCount: 530,
    name: { EN: 'Ripple Wand Massager', ZH: '涟漪全身按摩器', MS: 'Pengurut Tongkat Ripple' },
    summary: {
      EN: 'A cordless full-body wand with a flexible head and deep, rumbly vibration for tired shoulders and more.',
      ZH: '无线全身按摩器，柔性按摩头，低频深层震动，舒缓疲惫肩颈等部位。',
      MS: 'Pengurut badan tanpa wayar dengan kepala fleksibel dan getaran dalam untuk bahu yang letih dan banyak lagi.',
    },
    description: {
      EN: 'The flexible silicone head follows your curves, and eight intensities take you from a soft hum to a deep, rumbling massage. A rechargeable battery gives over two hours of use, and the travel lock keeps it switched off in your luggage. Comes with a linen storage bag.',
      ZH: '柔性硅胶按摩头贴合身体曲线，八档强度从轻柔到深层随心调节。充电电池续航超过两小时，旅行锁功能防止在行李中误启动。附赠亚麻收纳袋。',
      MS: 'Kepala silikon fleksibel mengikut lekuk badan, dan lapan tahap kekuatan membawa anda daripada getaran lembut hingga urutan yang dalam. Bateri boleh dicas tahan lebih dua jam, dan kunci perjalanan memastikan ia tidak terpasang dalam bagasi. Disertakan beg simpanan linen.',
    },
    pictures: colourPictures('ripple-wand-massager', 2, ['ivory', 'mist']),
    specifications: [
      {
        sku: 'ripple-wand-ivory',
        picture: shownIn('ripple-wand-massager', 'ivory'),
        name: { EN: 'Ivory', ZH: '象牙白', MS: 'Gading' },
        stock: 80,
        pointsPrice: 8000,
        prices: { USD: price(7999), CNY: price(55900), MYR: price(35900) },
      },
      {
        sku: 'ripple-wand-mist',
        picture: shownIn('ripple-wand-massager', 'mist'),
        name: { EN: 'Mist Grey', ZH: '雾灰色', MS: 'Kelabu Kabus' },
        stock: 57,
        pointsPrice: 8000,
        prices: { USD: price(7999), CNY: price(55900), MYR: price(35900) },
      },
    ],
    comments: [
      review(5, 'Chris P.', 'EN', 45, 'Powerful but not noisy. Great for sore muscles after the gym too.'),
      review(4, 'Fang Q.', 'ZH', 80, '力度很足，充电也快，就是有点重。'),
      review(5, 'Syafiq D.', 'MS', 200, 'Sangat berkuasa tetapi senyap. Beg linen pun cantik.'),
      review(2, 'Tom A.', 'EN', 240, 'Stopped holding a charge after six months. Support did replace it, though.'),
    ],
  },
  {
    slug: 'duet-couples-massager',
    category: 'toys',
    arrivedDaysAgo: 22,
    soldCount: 64,
    name: { EN: "Duet Couples' Massager", ZH: 'Duet 情侣按摩器', MS: 'Pengurut Pasangan Duet' },
    summary: {
      EN: 'A wearable, app-free massager for two with a slim remote, designed to bring couples closer.',
      ZH: '专为两人设计的可穿戴按摩器，配纤薄遥控器，无需下载应用，增进伴侣间的亲密感。',
      MS: 'Pengurut boleh pakai untuk berdua dengan alat kawalan jauh yang nipis, tanpa aplikasi, untuk mengeratkan pasangan.',
    },
    description: {
      EN: 'Soft, flexible silicone and a gently curved shape make it comfortable for both partners. The slim remote works up to eight metres away with no app or account needed. Fully waterproof and rechargeable, with a discreet charging case.',
      ZH: '柔软可弯曲的硅胶材质和温和的弧形设计，让双方都感到舒适。纤薄遥控器有效距离达八米，无需应用或注册账号。全身防水，可充电，配有低调的充电收纳盒。',
      MS: 'Silikon lembut yang fleksibel dan bentuk melengkung yang lembut menjadikannya selesa untuk kedua-dua pasangan. Alat kawalan jauh yang nipis berfungsi sehingga lapan meter tanpa aplikasi atau akaun. Kalis air sepenuhnya dan boleh dicas semula, dengan bekas pengecas yang tidak menarik perhatian.',
    },
    pictures: colourPictures('duet-couples-massager', 3, ['plum', 'midnight']),
    specifications: [
      {
        sku: 'duet-massager-plum',
        picture: shownIn('duet-couples-massager', 'plum'),
        name: { EN: 'Plum', ZH: '梅子紫', MS: 'Ungu Plum' },
        stock: 46,
        pointsPrice: 9000,
        prices: { USD: price(8999, 9999), CNY: price(62900, 69900), MYR: price(40900, 44900) },
      },
      {
        sku: 'duet-massager-midnight',
        picture: shownIn('duet-couples-massager', 'midnight'),
        name: { EN: 'Midnight Blue', ZH: '午夜蓝', MS: 'Biru Malam' },
        stock: 31,
        pointsPrice: 9000,
        prices: { USD: price(8999, 9999), CNY: price(62900, 69900), MYR: price(40900, 44900) },
      },
    ],
    comments: [
      review(5, 'Alex M.', 'EN', 4, 'No app is a big plus for us. Easy to use and the remote feels premium.'),
      review(4, 'Xiaoyu Z.', 'ZH', 10, '遥控距离很远，做工精致。充电盒如果再小一点就更好了。'),
      review(5, 'Nurul H.', 'MS', 18, 'Mudah digunakan dan sangat senyap. Bungkusannya pun sangat berhemah.'),
    ],
  },
  {
    slug: 'pelvic-floor-trainer-set',
    category: 'toys',
    arrivedDaysAgo: 180,
    soldCount: 340,
    name: { EN: 'Pelvic Floor Trainer Set', ZH: '盆底肌训练套装', MS: 'Set Latihan Otot Lantai Pelvis' },
    summary: {
      EN: 'Graduated silicone weights for building pelvic floor strength at your own pace, with a guide.',
      ZH: '分级硅胶训练球，按自己的节奏增强盆底肌力量，附使用指南。',
      MS: 'Pemberat silikon berperingkat untuk menguatkan otot lantai pelvis mengikut rentak anda sendiri, bersama panduan.',
    },
    description: {
      EN: "Recommended by women's health physiotherapists, pelvic floor training can support bladder control and postpartum recovery. Each set contains smooth, seamless silicone weights with a soft retrieval loop, plus an illustrated step-by-step programme. Start light and move up as you gain strength.",
      ZH: '盆底肌训练受到女性健康物理治疗师的推荐，有助于改善膀胱控制及产后恢复。每套包含光滑无缝的硅胶训练球，配柔软取出绳，并附图文分步训练计划。从轻量开始，随着力量提升逐步进阶。',
      MS: 'Disyorkan oleh ahli fisioterapi kesihatan wanita, latihan otot lantai pelvis boleh membantu kawalan pundi kencing dan pemulihan selepas bersalin. Setiap set mengandungi pemberat silikon yang licin tanpa sambungan dengan gelung pengeluaran yang lembut, serta program bergambar langkah demi langkah. Mulakan dengan yang ringan dan tingkatkan apabila otot semakin kuat.',
    },
    pictures: pictures('pelvic-floor-trainer-set', 2),
    specifications: [
      {
        sku: 'pelvic-trainer-starter',
        name: { EN: 'Starter set (3 weights)', ZH: '入门套装（3 个）', MS: 'Set permulaan (3 pemberat)' },
        stock: 90,
        pointsPrice: 4000,
        prices: { USD: price(3999), CNY: price(27900), MYR: price(17900) },
      },
      {
        sku: 'pelvic-trainer-progressive',
        name: { EN: 'Progressive set (5 weights)', ZH: '进阶套装（5 个）', MS: 'Set lanjutan (5 pemberat)' },
        stock: 55,
        pointsPrice: 5500,
        prices: { USD: price(5499), CNY: price(38900), MYR: price(24900) },
      },
    ],
    comments: [
      review(5, 'Grace H.', 'EN', 30, 'My physio suggested these after my second baby. The guide is really clear.'),
      review(4, 'Jing W.', 'ZH', 95, '产后用的，坚持了两个月有明显改善。硅胶质量很好。'),
      review(5, 'Farah A.', 'MS', 170, 'Sangat membantu selepas bersalin. Panduannya mudah difahami.'),
    ],
  },
  {
    slug: 'satin-sensory-kit',
    category: 'toys',
    arrivedDaysAgo: 70,
    soldCount: 210,
    name: { EN: 'Satin Sensory Kit', ZH: '缎面感官体验套装', MS: 'Kit Deria Satin' },
    summary: {
      EN: 'A satin blindfold, a soft feather and a silk ribbon in a keepsake box, for slow, playful evenings.',
      ZH: '缎面眼罩、柔软羽毛与丝带，装于精美礼盒中，适合慢节奏的浪漫夜晚。',
      MS: 'Penutup mata satin, bulu lembut dan reben sutera dalam kotak cenderahati, untuk malam yang perlahan dan ceria.',
    },
    description: {
      EN: 'Everything in this kit is about anticipation: a padded satin blindfold, a natural feather wand and a long silk ribbon. The pieces are soft, light and easy to care for. It all packs into a rigid box that looks like a jewellery case.',
      ZH: '这套组合的关键词是期待：加厚缎面眼罩、天然羽毛轻抚棒和一条长丝带。每件都柔软轻盈，易于打理。全部收纳在硬质礼盒中，外观如同首饰盒。',
      MS: 'Kit ini tentang rasa menanti: penutup mata satin berlapik, tongkat bulu semula jadi dan reben sutera yang panjang. Semuanya lembut, ringan dan mudah dijaga. Semuanya dimuatkan dalam kotak keras yang kelihatan seperti bekas barang kemas.',
    },
    pictures: colourPictures('satin-sensory-kit', 3, ['ivory', 'black']),
    specifications: [
      {
        sku: 'sensory-kit-ivory',
        picture: shownIn('satin-sensory-kit', 'ivory'),
        name: { EN: 'Ivory satin', ZH: '象牙白缎面', MS: 'Satin gading' },
        stock: 44,
        pointsPrice: 3500,
        prices: { USD: price(3499), MYR: price(15900) },
      },
      {
        sku: 'sensory-kit-black',
        picture: shownIn('satin-sensory-kit', 'black'),
        name: { EN: 'Black satin', ZH: '黑色缎面', MS: 'Satin hitam' },
        stock: 61,
        pointsPrice: 3500,
        prices: { USD: price(3499), MYR: price(15900) },
      },
    ],
    comments: [
      review(5, 'Lauren D.', 'EN', 25, 'Such a lovely gift. The box is gorgeous.'),
      review(4, 'Siti N.', 'MS', 50, 'Kualiti bagus dan bungkusan cantik. Reben agak pendek sedikit.'),
      review(5, 'Daniel R.', 'EN', 66, 'Anniversary gift for my wife. It went down very well.'),
    ],
  },
  {
    slug: 'travel-mini-massager',
    category: 'toys',
    arrivedDaysAgo: 120,
    soldCount: 760,
    name: { EN: 'Travel Mini Massager', ZH: '旅行迷你按摩器', MS: 'Pengurut Mini Perjalanan' },
    summary: {
      EN: 'A lipstick-sized massager with a magnetic cap and travel lock, small enough for any handbag.',
      ZH: '口红大小的迷你按摩器，磁吸盖配旅行锁，轻松放入任何手袋。',
      MS: 'Pengurut sebesar gincu dengan penutup magnet dan kunci perjalanan, cukup kecil untuk sebarang beg tangan.',
    },
    description: {
      EN: 'Our smallest massager hides in plain sight with a brushed finish and a magnetic cap. Five patterns, USB-C charging and a travel lock make it an easy companion on holiday. Body-safe silicone tip, waterproof to IPX7.',
      ZH: '我们最小巧的按摩器，拉丝质感外壳配磁吸盖，外观低调不引人注意。五种模式、USB-C 充电及旅行锁，是度假出行的理想伴侣。亲肤硅胶头，IPX7 级防水。',
      MS: 'Pengurut terkecil kami tidak menarik perhatian dengan kemasan berus dan penutup magnet. Lima corak, pengecasan USB-C dan kunci perjalanan menjadikannya teman mudah semasa bercuti. Hujung silikon selamat untuk badan, kalis air IPX7.',
    },
    pictures: colourPictures('travel-mini-massager', 2, ['coral', 'sky']),
    specifications: [
      {
        sku: 'mini-massager-coral',
        picture: shownIn('travel-mini-massager', 'coral'),
        name: { EN: 'Coral', ZH: '珊瑚橙', MS: 'Koral' },
        stock: 0,
        pointsPrice: 3000,
        prices: { USD: price(2999), CNY: price(20900), MYR: price(13900) },
      },
      {
        sku: 'mini-massager-sky',
        picture: shownIn('travel-mini-massager', 'sky'),
        name: { EN: 'Sky Blue', ZH: '天空蓝', MS: 'Biru Langit' },
        stock: 0,
        pointsPrice: 3000,
        prices: { USD: price(2999), CNY: price(20900), MYR: price(13900) },
      },
    ],
    comments: [
      review(5, 'Emily W.', 'EN', 30, 'Tiny, cute and surprisingly strong. Please restock!'),
      review(4, 'Lin H.', 'ZH', 60, '小巧方便携带，外观像口红一样，出差带着很方便。'),
      review(5, 'Aisyah R.', 'MS', 100, 'Sangat comel dan mudah dibawa. Harap stok masuk semula.'),
    ],
  },
];

const privateCare: ProductImport[] = [
  {
    slug: 'gentle-intimate-wash',
    category: 'private-care',
    arrivedDaysAgo: 300,
    soldCount: 890,
    name: { EN: 'Gentle Intimate Wash', ZH: '温和私密护理洗液', MS: 'Pencuci Kewanitaan Lembut' },
    summary: {
      EN: 'A soap-free, pH 4.5 daily wash with chamomile and lactic acid, dermatologist tested.',
      ZH: '无皂基配方，pH 4.5，添加洋甘菊与乳酸，经皮肤科测试，适合日常使用。',
      MS: 'Pencuci harian tanpa sabun, pH 4.5 dengan kamomil dan asid laktik, diuji oleh pakar dermatologi.',
    },
    description: {
      EN: 'Formulated to respect your natural balance, this gentle wash cleanses without stripping or stinging. Chamomile and aloe soothe, while lactic acid helps maintain a healthy pH. Free from parabens, dyes and strong fragrance.',
      ZH: '配方尊重身体的天然平衡，温和清洁，不紧绷、不刺痛。洋甘菊与芦荟舒缓肌肤，乳酸帮助维持健康的酸碱度。不含对羟基苯甲酸酯、色素及浓烈香精。',
      MS: 'Diformulasi untuk menghormati keseimbangan semula jadi anda, pencuci lembut ini membersihkan tanpa mengeringkan atau pedih. Kamomil dan lidah buaya menenangkan, manakala asid laktik membantu mengekalkan pH yang sihat. Bebas daripada paraben, pewarna dan pewangi yang kuat.',
    },
    pictures: pictures('gentle-intimate-wash', 3),
    specifications: [
      {
        sku: 'intimate-wash-100ml',
        name: { EN: '100 ml', ZH: '100 毫升', MS: '100 ml' },
        stock: 180,
        pointsPrice: 1300,
        prices: { USD: price(1299), CNY: price(8900), MYR: price(5900) },
      },
      {
        sku: 'intimate-wash-250ml',
        name: { EN: '250 ml', ZH: '250 毫升', MS: '250 ml' },
        stock: 140,
        pointsPrice: 2300,
        prices: { USD: price(2299), CNY: price(15900), MYR: price(9900) },
      },
    ],
    comments: [
      review(5, 'Mei L.', 'ZH', 20, '很温和，没有刺激感，味道很淡，会回购。'),
      review(5, 'Sarah T.', 'EN', 70, "Finally a wash that doesn't irritate my skin. The big bottle lasts ages."),
      review(4, 'Izzati K.', 'MS', 130, 'Lembut dan tidak pedih. Cuma pam botol kecil kadang-kadang tersekat.'),
      review(5, 'Yan C.', 'ZH', 210, '用了半年了，一直很满意。'),
      review(5, 'Hannah M.', 'EN', 280, 'Gentle and barely scented, perfect for sensitive skin.'),
    ],
  },
  {
    slug: 'aqua-water-based-lubricant',
    category: 'private-care',
    arrivedDaysAgo: 240,
    soldCount: 780,
    name: { EN: 'Aqua Water-Based Lubricant', ZH: '水润水基润滑液', MS: 'Pelincir Berasaskan Air Aqua' },
    summary: {
      EN: 'A silky, non-sticky water-based lubricant with hyaluronic acid, condom-compatible and easy to wash off.',
      ZH: '丝滑不粘腻的水基润滑液，含透明质酸，兼容安全套，易于清洗。',
      MS: 'Pelincir berasaskan air yang licin dan tidak melekit dengan asid hialuronik, serasi dengan kondom dan mudah dibilas.',
    },
    description: {
      EN: 'Our bestselling lubricant feels close to natural and lasts without turning tacky. Hyaluronic acid and aloe add comfort, and the pH-balanced, glycerin-free formula is kind to sensitive skin. Safe with latex condoms and all toy materials.',
      ZH: '本店最畅销的润滑液，触感自然，持久不发黏。透明质酸与芦荟提升舒适度，平衡 pH、不含甘油的配方对敏感肌肤友好。可安全搭配乳胶安全套及各类材质的玩具使用。',
      MS: 'Pelincir terlaris kami terasa semula jadi dan tahan lama tanpa menjadi melekit. Asid hialuronik dan lidah buaya menambah keselesaan, dan formula seimbang pH tanpa gliserin ini sesuai untuk kulit sensitif. Selamat digunakan dengan kondom lateks dan semua bahan mainan.',
    },
    pictures: pictures('aqua-water-based-lubricant', 3),
    specifications: [
      {
        sku: 'aqua-lubricant-30ml',
        name: { EN: '30 ml', ZH: '30 毫升', MS: '30 ml' },
        stock: 200,
        pointsPrice: 900,
        prices: { USD: price(899), CNY: price(5900), MYR: price(3900) },
      },
      {
        sku: 'aqua-lubricant-100ml',
        name: { EN: '100 ml', ZH: '100 毫升', MS: '100 ml' },
        stock: 165,
        pointsPrice: 1900,
        prices: { USD: price(1899, 2299), CNY: price(12900, 15900), MYR: price(8500, 9900) },
      },
    ],
    comments: [
      review(5, 'Priya S.', 'EN', 15, "Doesn't get sticky and washes off easily. The 30 ml is perfect for travel."),
      review(5, 'Hui T.', 'ZH', 40, '质地顺滑，无味，不黏，很好清洗。'),
      review(5, 'Amir Z.', 'MS', 75, 'Kualiti bagus, tidak melekit. Pasti beli lagi.'),
      review(4, 'Chris P.', 'EN', 120, 'Good stuff, but the flip cap on the big bottle is a bit flimsy.'),
      review(5, 'Fang Q.', 'ZH', 180, '敏感肌也可以放心用，没有任何不适。'),
      review(3, 'Syafiq D.', 'MS', 230, 'Okay, tapi cepat kering sedikit bagi saya.'),
    ],
  },
  {
    slug: 'silk-touch-silicone-lubricant',
    category: 'private-care',
    arrivedDaysAgo: 8,
    soldCount: 35,
    name: { EN: 'Silk Touch Silicone Lubricant', ZH: '丝滑硅基润滑液', MS: 'Pelincir Silikon Sentuhan Sutera' },
    summary: {
      EN: 'A long-lasting silicone lubricant with a velvety glide, waterproof for the bath or shower.',
      ZH: '持久型硅基润滑液，丝绒般顺滑，防水配方，适合浴缸或淋浴时使用。',
      MS: 'Pelincir silikon tahan lama dengan rasa licin seperti baldu, kalis air untuk mandi atau pancuran.',
    },
    description: {
      EN: 'A few drops go a long way: this silicone formula stays silky far longer than water-based lubricants and does not rinse away in water. It is fragrance-free and suitable for sensitive skin. Not for use with silicone toys; pair it with glass or steel instead.',
      ZH: '只需几滴即可：硅基配方比水基润滑液更持久顺滑，遇水也不易被冲走。无香配方，适合敏感肌肤。请勿与硅胶玩具同时使用，建议搭配玻璃或不锈钢材质。',
      MS: 'Beberapa titis sudah memadai: formula silikon ini kekal licin jauh lebih lama daripada pelincir berasaskan air dan tidak hilang dalam air. Ia tanpa pewangi dan sesuai untuk kulit sensitif. Tidak sesuai digunakan dengan mainan silikon; gunakan bersama kaca atau keluli.',
    },
    pictures: pictures('silk-touch-silicone-lubricant', 2),
    specifications: [
      {
        sku: 'silk-touch-lubricant-30ml',
        name: { EN: '30 ml', ZH: '30 毫升', MS: '30 ml' },
        stock: 110,
        pointsPrice: 1200,
        prices: { USD: price(1199), CNY: price(7900), MYR: price(5500) },
      },
      {
        sku: 'silk-touch-lubricant-100ml',
        name: { EN: '100 ml', ZH: '100 毫升', MS: '100 ml' },
        stock: 75,
        pointsPrice: 2500,
        prices: { USD: price(2499), CNY: price(16900), MYR: price(10900) },
      },
    ],
    comments: [
      review(5, 'Olivia B.', 'EN', 3, 'Lasts forever, in the best way. A little goes a long way.'),
      review(4, 'Wen J.', 'ZH', 6, '很持久，洗澡时用也没问题。清洗时需要多用点沐浴露。'),
    ],
  },
  {
    slug: 'warming-massage-oil',
    category: 'private-care',
    arrivedDaysAgo: 140,
    soldCount: 300,
    name: { EN: 'Warming Massage Oil', ZH: '暖感按摩油', MS: 'Minyak Urut Hangat' },
    summary: {
      EN: 'A light blend of sweet almond and jojoba oils with natural essential oils and a gentle warming touch.',
      ZH: '甜杏仁油与荷荷巴油调和的轻盈配方，添加天然精油，带来温和暖意。',
      MS: 'Campuran ringan minyak badam manis dan jojoba dengan minyak pati semula jadi dan sentuhan hangat yang lembut.',
    },
    description: {
      EN: 'This oil glides smoothly, absorbs slowly and leaves skin soft rather than greasy. A touch of ginger extract brings a gentle warmth as you massage it in. Choose calming jasmine or grounding sandalwood.',
      ZH: '按摩油推开顺滑，吸收缓慢，用后肌肤柔嫩不油腻。少量生姜萃取在按摩时带来温和暖意。可选舒缓茉莉或沉静檀香两种香型。',
      MS: 'Minyak ini mudah diratakan, diserap perlahan dan meninggalkan kulit lembut, bukan berminyak. Sedikit ekstrak halia memberikan rasa hangat yang lembut semasa diurut. Pilih melati yang menenangkan atau cendana yang mendamaikan.',
    },
    pictures: pictures('warming-massage-oil', 3),
    specifications: [
      {
        sku: 'massage-oil-jasmine-100ml',
        name: { EN: 'Jasmine · 100 ml', ZH: '茉莉 · 100 毫升', MS: 'Melati · 100 ml' },
        stock: 85,
        pointsPrice: 2500,
        prices: { USD: price(2499), CNY: price(17900), MYR: price(10900) },
      },
      {
        sku: 'massage-oil-sandalwood-100ml',
        name: { EN: 'Sandalwood · 100 ml', ZH: '檀香 · 100 毫升', MS: 'Cendana · 100 ml' },
        stock: 62,
        pointsPrice: 2500,
        prices: { USD: price(2499), CNY: price(17900) },
      },
    ],
    comments: [
      review(5, 'Megan F.', 'EN', 22, 'Smells divine, and the warming effect is subtle rather than overpowering.'),
      review(5, 'Jing W.', 'ZH', 55, '檀香味很高级，按摩后皮肤很滑。'),
      review(4, 'Liyana S.', 'MS', 90, 'Bau melati sangat menenangkan. Harap ada saiz yang lebih besar.'),
      review(3, 'Tom A.', 'EN', 130, 'Nice scent but a bit too oily for my liking.'),
    ],
  },
  {
    slug: 'toy-cleansing-foam',
    category: 'private-care',
    arrivedDaysAgo: 200,
    soldCount: 450,
    name: { EN: 'Toy Cleansing Foam', ZH: '玩具清洁泡沫', MS: 'Buih Pembersih Mainan' },
    summary: {
      EN: 'A fragrance-free, alcohol-free foaming cleanser for silicone, glass and steel toys.',
      ZH: '无香无酒精泡沫清洁剂，适用于硅胶、玻璃和不锈钢材质的玩具。',
      MS: 'Pembersih buih tanpa pewangi dan tanpa alkohol untuk mainan silikon, kaca dan keluli.',
    },
    description: {
      EN: "Pump, rinse and you're done: this gentle foam lifts away residue without harming silicone. The alcohol-free formula is kind to skin and leaves no taste or smell. One bottle lasts for months.",
      ZH: '按压、冲洗，轻松完成：温和泡沫去除残留，不损伤硅胶材质。无酒精配方对肌肤温和，不留任何气味。一瓶可以使用好几个月。',
      MS: 'Pam, bilas dan siap: buih lembut ini menanggalkan sisa tanpa merosakkan silikon. Formula tanpa alkohol ini lembut pada kulit dan tidak meninggalkan rasa atau bau. Satu botol tahan berbulan-bulan.',
    },
    pictures: pictures('toy-cleansing-foam', 2),
    specifications: [
      {
        sku: 'toy-cleansing-foam-150ml',
        name: { EN: '150 ml', ZH: '150 毫升', MS: '150 ml' },
        stock: 150,
        prices: { USD: price(1099), CNY: price(7500), MYR: price(4900) },
      },
    ],
    comments: [
      review(5, 'Grace H.', 'EN', 35, 'Does exactly what it should. No smell at all.'),
      review(4, 'Hafiz M.', 'MS', 140, 'Mudah digunakan dan sebotol tahan lama.'),
    ],
  },
  {
    slug: 'soothing-bikini-line-balm',
    category: 'private-care',
    arrivedDaysAgo: 27,
    soldCount: 41,
    name: { EN: 'Soothing Bikini Line Balm', ZH: '比基尼线舒缓修护膏', MS: 'Balm Penenang Garis Bikini' },
    summary: {
      EN: 'A calming balm with oat, calendula and shea butter for skin after shaving or waxing.',
      ZH: '含燕麦、金盏花与乳木果油的舒缓膏，适合剃毛或蜜蜡脱毛后使用。',
      MS: 'Balm menenangkan dengan oat, kalendula dan mentega shea untuk kulit selepas bercukur atau waxing.',
    },
    description: {
      EN: 'Apply a thin layer after hair removal to calm redness and help prevent ingrown hairs. Colloidal oat and calendula soothe, while shea butter keeps skin soft. Fragrance-free and non-comedogenic.',
      ZH: '脱毛后薄涂一层，舒缓泛红并帮助预防毛发内生。胶态燕麦与金盏花舒缓肌肤，乳木果油保持柔润。无香精，不致粉刺。',
      MS: 'Sapukan lapisan nipis selepas membuang bulu untuk meredakan kemerahan dan membantu mencegah bulu tumbuh ke dalam. Oat koloid dan kalendula menenangkan, manakala mentega shea mengekalkan kelembutan kulit. Tanpa pewangi dan tidak menyumbat liang.',
    },
    pictures: pictures('soothing-bikini-line-balm', 3),
    specifications: [
      {
        sku: 'bikini-balm-30ml',
        name: { EN: '30 ml', ZH: '30 毫升', MS: '30 ml' },
        stock: 96,
        pointsPrice: 1600,
        prices: { USD: price(1599), CNY: price(10900), MYR: price(6900) },
      },
      {
        sku: 'bikini-balm-50ml',
        name: { EN: '50 ml', ZH: '50 毫升', MS: '50 ml' },
        stock: 58,
        pointsPrice: 2200,
        prices: { USD: price(2199, 2599), CNY: price(14900, 17900), MYR: price(9900, 11900) },
      },
    ],
    comments: [
      review(5, 'Sarah T.', 'EN', 7, "No more red bumps after shaving. Love that it's unscented."),
      review(4, 'Mei L.', 'ZH', 15, '质地清爽不油腻，舒缓效果不错。'),
      review(5, 'Nurul H.', 'MS', 20, 'Sangat berkesan selepas waxing. Kulit tidak merah lagi.'),
    ],
  },
  {
    slug: 'ultra-thin-condoms',
    category: 'private-care',
    arrivedDaysAgo: 360,
    soldCount: 900,
    name: { EN: 'Ultra Thin Condoms', ZH: '超薄安全套', MS: 'Kondom Ultra Nipis' },
    summary: {
      EN: 'Ultra-thin natural latex condoms with a light silky lubricant, each one electronically tested.',
      ZH: '超薄天然乳胶安全套，轻薄丝滑润滑，逐只电子检测，安心可靠。',
      MS: 'Kondom lateks asli ultra nipis dengan pelincir licin yang ringan, setiap satu diuji secara elektronik.',
    },
    description: {
      EN: 'At just 0.05 mm, these condoms feel natural without compromising on protection. Each one is electronically tested and individually wrapped. Shipped in a plain box with no branding on the outside.',
      ZH: '厚度仅 0.05 毫米，感受自然，防护不打折。每只都经过电子检测，独立包装。以无标识的素色纸盒寄出，隐私安心。',
      MS: 'Dengan ketebalan hanya 0.05 mm, kondom ini terasa semula jadi tanpa menjejaskan perlindungan. Setiap satu diuji secara elektronik dan dibungkus secara individu. Dihantar dalam kotak biasa tanpa jenama di luar.',
    },
    pictures: pictures('ultra-thin-condoms', 2),
    specifications: [
      {
        sku: 'ultra-thin-condoms-12',
        name: { EN: 'Pack of 12', ZH: '12 只装', MS: 'Pek 12' },
        stock: 200,
        prices: { USD: price(1299), CNY: price(8900), MYR: price(5900) },
      },
      {
        sku: 'ultra-thin-condoms-24',
        name: { EN: 'Pack of 24', ZH: '24 只装', MS: 'Pek 24' },
        stock: 130,
        prices: { USD: price(2199, 2599), CNY: price(14900, 17900), MYR: price(9900, 11900) },
      },
    ],
    comments: [
      review(5, 'Jordan K.', 'EN', 10, 'Great quality and the plain packaging is appreciated.'),
      review(5, 'Xiaoyu Z.', 'ZH', 50, '很薄，很舒服，性价比高。'),
      review(4, 'Amir Z.', 'MS', 100, 'Kualiti baik, harga berpatutan. Penghantaran cepat.'),
      review(5, 'Daniel R.', 'EN', 170, 'I always reorder the 24-pack. Reliable and comfortable.'),
    ],
  },
];

const health: ProductImport[] = [
  {
    slug: 'cranberry-probiotic-capsules',
    category: 'health',
    arrivedDaysAgo: 160,
    soldCount: 520,
    name: { EN: 'Cranberry Probiotic Capsules', ZH: '蔓越莓益生菌胶囊', MS: 'Kapsul Probiotik Kranberi' },
    summary: {
      EN: "Women's probiotic strains with cranberry extract to support urinary tract and intimate health.",
      ZH: '女性专属益生菌株搭配蔓越莓提取物，呵护泌尿道与私密健康。',
      MS: 'Strain probiotik wanita dengan ekstrak kranberi untuk menyokong kesihatan saluran kencing dan kewanitaan.',
    },
    description: {
      EN: "Each capsule combines five billion live cultures, including Lactobacillus strains studied for women's health, with 36 mg of cranberry PACs. Delayed-release capsules help the cultures arrive where they are needed. Take one a day with water; no refrigeration needed.",
      ZH: '每粒胶囊含 50 亿活性益生菌，包括针对女性健康研究的乳杆菌菌株，以及 36 毫克蔓越莓原花青素。缓释胶囊帮助益生菌抵达所需部位。每日一粒，温水送服，无需冷藏。',
      MS: 'Setiap kapsul menggabungkan lima bilion kultur hidup, termasuk strain Lactobacillus yang dikaji untuk kesihatan wanita, dengan 36 mg PAC kranberi. Kapsul pelepasan tertangguh membantu kultur sampai ke tempat yang diperlukan. Ambil satu sehari bersama air; tidak perlu disejukkan.',
    },
    pictures: pictures('cranberry-probiotic-capsules', 3),
    specifications: [
      {
        sku: 'cranberry-probiotic-30',
        name: { EN: '30 capsules', ZH: '30 粒', MS: '30 kapsul' },
        stock: 150,
        pointsPrice: 2500,
        prices: { USD: price(2499), CNY: price(17900), MYR: price(10900) },
      },
      {
        sku: 'cranberry-probiotic-60',
        name: { EN: '60 capsules', ZH: '60 粒', MS: '60 kapsul' },
        stock: 95,
        pointsPrice: 4300,
        prices: { USD: price(4299, 4999), CNY: price(29900, 34900), MYR: price(18900, 22900) },
      },
    ],
    comments: [
      review(5, 'Hannah M.', 'EN', 25, "I've noticed a real difference. Easy to swallow and no aftertaste."),
      review(5, 'Lin H.', 'ZH', 60, '吃了两个月，感觉很好，已经回购。'),
      review(4, 'Farah A.', 'MS', 110, 'Kapsul mudah ditelan. Saya ambil setiap pagi.'),
      review(5, 'Yan C.', 'ZH', 150, '包装很私密，效果不错。'),
      review(4, 'Lauren D.', 'EN', 155, 'Good product. I wish the bottle were a bit smaller for travelling.'),
    ],
  },
  {
    slug: 'maca-vitality-capsules',
    category: 'health',
    arrivedDaysAgo: 60,
    soldCount: 230,
    name: { EN: 'Maca Vitality Capsules', ZH: '玛卡活力胶囊', MS: 'Kapsul Tenaga Maca' },
    summary: {
      EN: 'Organic gelatinised maca root with zinc and B vitamins for everyday energy and vitality.',
      ZH: '有机糊化玛卡根，添加锌与 B 族维生素，提升日常活力。',
      MS: 'Akar maca organik tergelatin dengan zink dan vitamin B untuk tenaga dan kecergasan harian.',
    },
    description: {
      EN: 'Sourced from the Peruvian Andes, our maca is gently gelatinised to make it easier to digest. Zinc and vitamins B6 and B12 support normal energy metabolism. Suitable for vegans; take two capsules daily with food.',
      ZH: '玛卡产自秘鲁安第斯山脉，经温和糊化处理，更易消化吸收。锌及维生素 B6、B12 有助于维持正常的能量代谢。适合素食者，每日两粒，随餐服用。',
      MS: 'Diperoleh dari Pergunungan Andes di Peru, maca kami digelatinkan dengan lembut supaya lebih mudah dihadam. Zink serta vitamin B6 dan B12 menyokong metabolisme tenaga yang normal. Sesuai untuk vegan; ambil dua kapsul sehari bersama makanan.',
    },
    pictures: pictures('maca-vitality-capsules', 2),
    specifications: [
      {
        sku: 'maca-vitality-60',
        name: { EN: '60 capsules', ZH: '60 粒', MS: '60 kapsul' },
        stock: 88,
        pointsPrice: 3000,
        prices: { USD: price(2999), MYR: price(13900) },
      },
      {
        sku: 'maca-vitality-120',
        name: { EN: '120 capsules', ZH: '120 粒', MS: '120 kapsul' },
        stock: 47,
        pointsPrice: 5000,
        prices: { USD: price(4999), MYR: price(22900) },
      },
    ],
    comments: [
      review(4, 'Chris P.', 'EN', 20, 'I feel less sluggish in the afternoons. The capsules are a bit big, though.'),
      review(5, 'Syafiq D.', 'MS', 45, 'Saya dan isteri sama-sama ambil. Rasa lebih bertenaga.'),
      review(3, 'Megan F.', 'EN', 58, 'Hard to say whether it works yet, but no side effects.'),
    ],
  },
  {
    slug: 'evening-primrose-oil',
    category: 'health',
    arrivedDaysAgo: 280,
    soldCount: 310,
    name: { EN: 'Evening Primrose Oil Softgels', ZH: '月见草油软胶囊', MS: 'Kapsul Lembut Minyak Evening Primrose' },
    summary: {
      EN: 'Cold-pressed evening primrose oil rich in GLA, a gentle companion through the monthly cycle.',
      ZH: '冷压月见草油，富含 γ-亚麻酸（GLA），温和陪伴每月周期。',
      MS: 'Minyak evening primrose perahan sejuk yang kaya dengan GLA, teman lembut sepanjang kitaran bulanan.',
    },
    description: {
      EN: 'Each softgel provides 1000 mg of cold-pressed evening primrose oil with 100 mg of GLA, plus natural vitamin E to keep it fresh. Many women take it to support their skin and comfort through the month. Take one to two softgels daily with a meal.',
      ZH: '每粒软胶囊含 1000 毫克冷压月见草油及 100 毫克 γ-亚麻酸，并添加天然维生素 E 保持新鲜。许多女性用它来呵护肌肤、舒缓每月的不适。每日一至两粒，随餐服用。',
      MS: 'Setiap kapsul lembut membekalkan 1000 mg minyak evening primrose perahan sejuk dengan 100 mg GLA, serta vitamin E semula jadi untuk mengekalkan kesegarannya. Ramai wanita mengambilnya untuk menyokong kulit dan keselesaan sepanjang bulan. Ambil satu hingga dua kapsul sehari bersama makanan.',
    },
    pictures: pictures('evening-primrose-oil', 2),
    specifications: [
      {
        sku: 'evening-primrose-90',
        name: { EN: '90 softgels', ZH: '90 粒', MS: '90 kapsul lembut' },
        stock: 120,
        pointsPrice: 2000,
        prices: { USD: price(1999), CNY: price(13900), MYR: price(8900) },
      },
      {
        sku: 'evening-primrose-180',
        name: { EN: '180 softgels', ZH: '180 粒', MS: '180 kapsul lembut' },
        stock: 60,
        pointsPrice: 3400,
        prices: { USD: price(3399, 3999), CNY: price(23900, 27900), MYR: price(14900, 17900) },
      },
    ],
    comments: [
      review(5, 'Priya S.', 'EN', 40, "I've been taking it for a year. My skin is much calmer."),
      review(4, 'Fang Q.', 'ZH', 120, '软胶囊不大，好吞咽，坚持吃感觉不错。'),
      review(5, 'Izzati K.', 'MS', 200, 'Membantu saya rasa lebih selesa setiap bulan.'),
      review(2, 'Emily W.', 'EN', 270, "Didn't notice any difference after three months."),
    ],
  },
  {
    slug: 'ovulation-test-strips',
    category: 'health',
    arrivedDaysAgo: 2,
    soldCount: 6,
    name: { EN: 'Ovulation Test Strips', ZH: '排卵试纸', MS: 'Jalur Ujian Ovulasi' },
    summary: {
      EN: 'Over 99% accurate LH test strips to help you find your most fertile days, with a free cycle chart.',
      ZH: '准确率超过 99% 的 LH 排卵试纸，帮助找到易孕期，附赠周期记录表。',
      MS: 'Jalur ujian LH dengan ketepatan lebih 99% untuk membantu mengenal pasti hari paling subur, dengan carta kitaran percuma.',
    },
    description: {
      EN: 'These strips detect the LH surge that comes one to two days before ovulation. Clear two-line results appear in five minutes, and the included chart makes it easy to track your cycle. Each strip is individually sealed.',
      ZH: '试纸可检测排卵前一至两天出现的 LH 峰值。五分钟即可显示清晰的双线结果，附带的记录表方便追踪周期。每条试纸独立密封包装。',
      MS: 'Jalur ini mengesan lonjakan LH yang berlaku satu hingga dua hari sebelum ovulasi. Keputusan dua garisan yang jelas muncul dalam lima minit, dan carta yang disertakan memudahkan anda menjejak kitaran. Setiap jalur dimeterai secara individu.',
    },
    pictures: pictures('ovulation-test-strips', 2),
    specifications: [
      {
        sku: 'ovulation-strips-20',
        name: { EN: '20 strips', ZH: '20 条', MS: '20 jalur' },
        stock: 140,
        prices: { USD: price(1599), CNY: price(10900), MYR: price(6900) },
      },
      {
        sku: 'ovulation-strips-40',
        name: { EN: '40 strips', ZH: '40 条', MS: '40 jalur' },
        stock: 70,
        prices: { USD: price(2599), CNY: price(17900), MYR: price(11900) },
      },
    ],
    comments: [
      review(5, 'Jing W.', 'ZH', 1, '试纸显色很清楚，包装也很隐私。'),
      review(4, 'Olivia B.', 'EN', 2, 'Clear lines and fast delivery. The chart is a nice extra.'),
    ],
  },
  {
    slug: 'early-pregnancy-test',
    category: 'health',
    arrivedDaysAgo: 15,
    soldCount: 88,
    name: { EN: 'Early Pregnancy Test', ZH: '早早孕检测笔', MS: 'Ujian Kehamilan Awal' },
    summary: {
      EN: 'A sensitive midstream test that can detect pregnancy up to six days before a missed period.',
      ZH: '高灵敏度中段尿检测笔，最早可在月经推迟前六天检测。',
      MS: 'Ujian aliran tengah yang sensitif, boleh mengesan kehamilan sehingga enam hari sebelum haid lewat.',
    },
    description: {
      EN: 'With a sensitivity of 10 mIU/mL, this test gives a clear result in three minutes. The ergonomic handle and wide absorbent tip make it simple to use. Shipped in plain, unbranded packaging.',
      ZH: '灵敏度达 10 mIU/mL，三分钟即可显示清晰结果。人体工学握柄与加宽吸尿头，使用简单方便。以无品牌标识的素色包装寄出。',
      MS: 'Dengan kepekaan 10 mIU/mL, ujian ini memberikan keputusan yang jelas dalam tiga minit. Pemegang ergonomik dan hujung penyerap yang lebar menjadikannya mudah digunakan. Dihantar dalam bungkusan biasa tanpa jenama.',
    },
    pictures: pictures('early-pregnancy-test', 2),
    specifications: [
      {
        sku: 'pregnancy-test-1',
        name: { EN: '1 test', ZH: '1 支装', MS: '1 ujian' },
        stock: 160,
        prices: { USD: price(999), CNY: price(6900), MYR: price(4500) },
      },
      {
        sku: 'pregnancy-test-2',
        name: { EN: '2 tests', ZH: '2 支装', MS: '2 ujian' },
        stock: 120,
        prices: { USD: price(1599), CNY: price(10900), MYR: price(6900) },
      },
    ],
    comments: [
      review(5, 'Siti N.', 'MS', 5, 'Keputusan jelas dan cepat. Bungkusan sangat berhemah, terima kasih.'),
      review(5, 'Hui T.', 'ZH', 9, '很灵敏，结果清楚，发货速度快。'),
      review(4, 'Sarah T.', 'EN', 12, 'Easy to read. A little pricier than the pharmacy brands.'),
    ],
  },
  {
    slug: 'magnesium-sleep-gummies',
    category: 'health',
    arrivedDaysAgo: 0,
    soldCount: 0,
    name: { EN: 'Magnesium Sleep Gummies', ZH: '镁元素助眠软糖', MS: 'Gula-gula Kenyal Tidur Magnesium' },
    summary: {
      EN: 'Berry-flavoured gummies with magnesium glycinate, L-theanine and chamomile to help you unwind.',
      ZH: '莓果味软糖，含甘氨酸镁、L-茶氨酸与洋甘菊，助你放松入眠。',
      MS: 'Gula-gula kenyal perisa beri dengan magnesium glisinat, L-teanin dan kamomil untuk membantu anda bertenang.',
    },
    description: {
      EN: 'Two gummies an hour before bed bring together gentle magnesium glycinate, L-theanine and chamomile. They are low in sugar, gelatin-free and coloured naturally with fruit and vegetable juices. Non-habit-forming, for calm evenings and restful nights.',
      ZH: '睡前一小时服用两粒，汇集温和的甘氨酸镁、L-茶氨酸与洋甘菊。低糖配方，不含明胶，以果蔬汁天然着色。不会产生依赖，伴你度过宁静夜晚，安然入睡。',
      MS: 'Dua biji gula-gula kenyal sejam sebelum tidur menggabungkan magnesium glisinat yang lembut, L-teanin dan kamomil. Ia rendah gula, tanpa gelatin dan diwarnakan secara semula jadi dengan jus buah dan sayur. Tidak menyebabkan ketagihan, untuk malam yang tenang dan tidur yang lena.',
    },
    pictures: pictures('magnesium-sleep-gummies', 3),
    specifications: [
      {
        sku: 'magnesium-gummies-60',
        name: { EN: '60 gummies', ZH: '60 粒', MS: '60 biji' },
        stock: 200,
        pointsPrice: 2200,
        prices: { USD: price(2199), CNY: price(15900), MYR: price(9900) },
      },
    ],
  },
];

const adverts: CatalogueImport['adverts'] = [
  {
    key: 'home-banner-lingerie',
    position: 'home-banner',
    sort: 0,
    link: '/productsList?category=lingerie',
    picture: 'art:advert-home-banner-lingerie:0',
    title: { EN: 'Silk Season', ZH: '丝享季', MS: 'Musim Sutera' },
    body: {
      EN: 'Mulberry silk robes, slips and sets that feel as good as they look. Up to 20% off this month.',
      ZH: '桑蚕丝睡袍、吊带裙与套装，触感与颜值兼具。本月低至八折。',
      MS: 'Jubah, gaun slip dan set sutera mulberi yang selesa dan cantik. Diskaun sehingga 20% bulan ini.',
    },
  },
  {
    key: 'home-banner-toys',
    position: 'home-banner',
    sort: 1,
    link: '/productsList?category=toys',
    picture: 'art:advert-home-banner-toys:0',
    title: { EN: 'Designed for Wellbeing', ZH: '为愉悦而设计', MS: 'Direka untuk Kesejahteraan' },
    body: {
      EN: 'Whisper-quiet massagers in body-safe silicone, shipped in plain, unbranded boxes.',
      ZH: '静音按摩器，亲肤安全硅胶，以无标识素色纸盒寄出。',
      MS: 'Pengurut senyap daripada silikon selamat untuk badan, dihantar dalam kotak biasa tanpa jenama.',
    },
  },
  {
    key: 'home-banner-private-care',
    position: 'home-banner',
    sort: 2,
    link: '/productsList?category=private-care',
    picture: 'art:advert-home-banner-private-care:0',
    title: { EN: 'Gentle Daily Care', ZH: '温和日常护理', MS: 'Penjagaan Harian Lembut' },
    body: {
      EN: 'pH-balanced washes, lubricants and balms made with kind, skin-loving ingredients.',
      ZH: '平衡 pH 的洗液、润滑液与修护膏，成分温和，呵护肌肤。',
      MS: 'Pencuci, pelincir dan balm seimbang pH dengan bahan yang lembut dan mesra kulit.',
    },
  },
  {
    key: 'go-to-buy',
    position: 'go-to-buy',
    link: '/productsList',
    picture: 'art:advert-go-to-buy:0',
    title: { EN: 'Treat Yourself, Discreetly', ZH: '悦己，从容而私密', MS: 'Manjakan Diri dengan Berhemah' },
    body: {
      EN: 'Explore lingerie, wellness and self-care essentials, chosen for quality and delivered in plain packaging.',
      ZH: '探索内衣、私享好物与自我护理精选，品质严选，素色包装送达。',
      MS: 'Terokai pakaian dalam, produk kesejahteraan dan penjagaan diri pilihan, berkualiti dan dihantar dalam bungkusan biasa.',
    },
  },
  {
    key: 'why-us-discreet-packaging',
    position: 'why-us',
    sort: 0,
    link: '/',
    title: { EN: 'Discreet Packaging', ZH: '隐私包装', MS: 'Bungkusan Berhemah' },
    body: {
      EN: "Every order ships in a plain box with a neutral sender name, so only you know what's inside.",
      ZH: '所有订单均以素色纸盒寄出，寄件人名称中性，只有你知道里面是什么。',
      MS: 'Setiap pesanan dihantar dalam kotak biasa dengan nama pengirim yang neutral, jadi hanya anda yang tahu isinya.',
    },
  },
  {
    key: 'why-us-secure-checkout',
    position: 'why-us',
    sort: 1,
    link: '/',
    title: { EN: 'Secure Checkout', ZH: '安全支付', MS: 'Pembayaran Selamat' },
    body: {
      EN: 'Pay with PayPal or card over an encrypted connection, handled by trusted payment providers.',
      ZH: '通过加密连接使用 PayPal 或银行卡付款，由值得信赖的支付服务商处理。',
      MS: 'Bayar dengan PayPal atau kad melalui sambungan yang disulitkan, dikendalikan oleh penyedia pembayaran yang dipercayai.',
    },
  },
  {
    key: 'why-us-body-safe-materials',
    position: 'why-us',
    sort: 2,
    link: '/',
    title: { EN: 'Body-Safe Materials', ZH: '亲肤安全材质', MS: 'Bahan Selamat untuk Badan' },
    body: {
      EN: 'Medical-grade silicone, natural fibres and dermatologist-tested formulas, free from phthalates.',
      ZH: '医用级硅胶、天然纤维与经皮肤科测试的配方，不含邻苯二甲酸盐。',
      MS: 'Silikon gred perubatan, gentian semula jadi dan formula yang diuji pakar dermatologi, bebas ftalat.',
    },
  },
  {
    key: 'why-us-energy-points',
    position: 'why-us',
    sort: 3,
    link: '/',
    title: { EN: 'Energy Points Rewards', ZH: '能量点奖励', MS: 'Ganjaran Mata Tenaga' },
    body: {
      EN: 'Earn energy points when friends shop with your share code, then spend them on orders or gift coupons.',
      ZH: '好友使用你的分享码购物即可赚取能量点，可用于支付订单或赠送礼品券。',
      MS: 'Kumpul mata tenaga apabila rakan membeli dengan kod kongsi anda, kemudian gunakannya untuk pesanan atau kupon hadiah.',
    },
  },
  {
    key: 'new-arrivals',
    position: 'new-arrivals',
    link: '/productsList',
    title: { EN: 'Just Arrived', ZH: '新品上架', MS: 'Baru Tiba' },
    body: {
      EN: 'Fresh silk sets, gentle care and wellness essentials, added to the shop this month.',
      ZH: '本月新上架：真丝套装、温和护理与健康好物。',
      MS: 'Set sutera, penjagaan lembut dan keperluan kesihatan terbaru, baru ditambah ke kedai bulan ini.',
    },
  },
];

export const demoCatalogue: CatalogueImport = {
  products: [...lingerie, ...toys, ...privateCare, ...health],
  adverts,
};
