import type { Dictionary } from './en';

export const ms: Dictionary = {
  'code.-1': 'Permintaan gagal, sila cuba lagi kemudian',
  'code.-201': 'Format e-mel tidak betul',
  'code.-202': 'Akaun ini sudah wujud',
  'code.-203': 'Kata laluan tidak dapat dibaca',
  'code.-204':
    'Kata laluan mesti 8 hingga 20 aksara tanpa ruang, menggunakan sekurang-kurangnya dua daripada: digit, huruf, simbol',
  'code.-205': 'Akaun ini telah dilumpuhkan, sila hubungi pentadbir',
  'code.-206': 'Akaun ini tidak wujud',
  'code.-207': 'Akaun atau kata laluan salah',
  'code.-209': 'Pengesahan kata laluan gagal',
  'code.-210': 'Produk ini tidak wujud',
  'code.-212': 'Status log masuk anda telah berubah, sila log masuk semula',
  'code.-214': 'Maklumat pembayaran tidak wujud',
  'code.-217': 'Tiada masalah dengan pesanan ini',
  'code.-218': 'Permintaan tidak sah',
  'code.-219': 'Pautan ini telah tamat tempoh',
  'code.-222': 'Produk ini tidak boleh dibayar dalam mata wang semasa',
  'code.-224': 'Anda sudah melanggan',
  'code.-225': 'Tiada perubahan, sila muat semula',
  'code.-228': 'Kupon ini sudah diaktifkan',
  'code.-229': 'Kupon ini telah dibatalkan',
  'code.-231': 'Stok tidak mencukupi atau produk telah ditarik balik',
  'code.-232': 'Kod pengesahan tidak sah, sila dapatkan yang baharu',
  'code.-233': 'Kod pengesahan salah',
  'code.-234': 'Sila semak kod anti-pemalsuan',
  'code.-9999': 'Sistem sibuk, sila cuba lagi kemudian',
  'code.-218.field': 'Nilai tidak sah untuk {field}',
  'mail.greeting': 'Helo {name},',
  'mail.greetingNoName': 'Helo,',
  'mail.signature': 'Energy Shop',
  'mail.resetPassword.subject': 'Tetapkan semula kata laluan anda',
  'mail.resetPassword.intro':
    'Kami menerima permintaan untuk menetapkan semula kata laluan akaun Energy Shop anda ({email}).',
  'mail.resetPassword.action': 'Pilih kata laluan baharu',
  'mail.resetPassword.expiry': 'Pautan ini boleh digunakan sekali sahaja dan tamat tempoh dalam {minutes} minit.',
  'mail.resetPassword.ignore':
    'Jika anda tidak membuat permintaan ini, abaikan e-mel ini: kata laluan anda kekal seperti sedia ada.',
  'order.discountCode.own': 'Anda tidak boleh menggunakan kod diskaun sendiri; kongsikannya dengan rakan',
  'order.discountCode.unknown': 'Kod diskaun ini tidak wujud',
  'energy.notEnoughPoints': 'Mata tenaga anda tidak mencukupi untuk ini',
  'payMethod.ep': 'Mata tenaga',
  'payMethod.paypal': 'PayPal',
  'payMethod.card': 'Kad kredit atau debit',
  'payMethod.test': 'Pembayaran ujian',
  // PayPal outcomes and currencies
  'payMethod.testNote': 'Mod ujian: membawa ke halaman pembayaran ujian; tiada wang sebenar berpindah.',
  'payMethod.notInCurrency':
    'Tidak tersedia untuk bayaran dalam {currency}: kedai ini menerimanya dalam {currencies} sahaja.',
  'payMethod.notOffered': 'Tidak tersedia untuk bayaran dalam {currency}.',
  'payment.refundRefused':
    'Penyedia pembayaran tidak memulangkan bayaran ini. Pesanan anda tidak berubah; sila hubungi kami.',
  'payment.refundUnknown':
    'Pesanan anda dibatalkan dan bayaran balik sedang diproses; penyedia pembayaran belum mengesahkannya. Kami akan menyelesaikannya sebaik sahaja ia disahkan.',
  'payment.inDoubt':
    'Bayaran anda masih disahkan oleh penyedia pembayaran, jadi pesanan belum boleh dibatalkan. Sila cuba lagi dalam beberapa minit.',
  'mail.order.action': 'Lihat pesanan anda',
  'mail.order.line': '{quantity} × {goodsName} ({specificationName}): {amount}',
  'mail.order.deliverTo': 'Penghantaran ke: {address}',
  'mail.orderConfirmation.subject': 'Pesanan anda {orderNo} telah disahkan',
  'mail.orderConfirmation.intro':
    'Terima kasih atas pesanan anda {orderNo}. Kami telah menerima bayaran anda dan akan memaklumkan apabila ia dihantar.',
  'mail.orderConfirmation.discount': 'Diskaun: -{amount}',
  'mail.orderConfirmation.paid': 'Dibayar: {amount} (nombor pembayaran {paymentNumber})',
  'mail.shippingNotice.subject': 'Pesanan anda {orderNo} dalam perjalanan',
  'mail.shippingNotice.intro': 'Berita baik: pesanan anda {orderNo} telah dihantar.',
  'mail.shippingNotice.tracking': 'Syarikat penghantaran: {carrier}. Nombor penjejakan: {trackingNumber}.',
  'mail.shippingNotice.outro': 'Anda boleh menjejaki perjalanannya dalam butiran pesanan anda.',
  'mail.recharge.subject': '{points} mata tenaga anda telah tiba',
  'mail.recharge.intro':
    'Terima kasih kerana menambah nilai: {points} mata tenaga telah ditambah ke baki anda (pesanan {orderNo}).',
  'mail.recharge.action': 'Lihat tenaga saya',
  // Privacy: discreet mails, checkout facts and account erasure
  'mail.order.items':
    'Item dalam pesanan ini: {count}. Demi privasi anda, e-mel ini tidak menamakannya; halaman pesanan anda menunjukkannya selepas anda log masuk.',
  'mail.order.goodsTotal': 'Jumlah barangan: {amount}',
  'code.-240':
    'Akaun anda masih mempunyai pesanan yang belum selesai (menunggu bayaran, sedang disediakan atau dalam perjalanan). Ia boleh dipadam setelah pesanan itu selesai atau ditutup.',
  'code.-241': 'Masukkan kod 6 digit daripada aplikasi pengesah anda.',
  'code.-243': 'Hidupkan log masuk dua langkah (aplikasi pengesah) sebelum apa-apa lagi di pejabat belakang.',
  'code.-242': 'Kod ini salah atau telah digunakan. Tunggu kod seterusnya dan cuba lagi.',
  'privacy.packing':
    'Setiap pesanan dihantar dalam kotak biasa tanpa jenama. Tiada apa-apa di luar yang menamakan produk atau apa yang dijual oleh kedai; pengirim ditunjukkan dengan nama neutral.',
  'discreet.title': 'Penghantaran dan bil yang sulit',
  'discreet.statement': 'Penyata kad atau PayPal anda menunjukkan:',
  'testGateway.title': 'Pembayaran ujian',
  'testGateway.banner': 'MOD UJIAN: tiada wang sebenar berpindah. Halaman ini menggantikan penyedia pembayaran.',
  'testGateway.amount': 'Jumlah perlu dibayar: {amount}',
  'testGateway.approve': 'Luluskan pembayaran',
  'testGateway.decline': 'Tolak pembayaran',
  'testGateway.cardTitle': 'Atau bayar dengan kad ujian',
  'testGateway.cardNumber': 'Nombor kad',
  'testGateway.cardHelp': 'Kad 4111 1111 1111 1111 diluluskan, kad 4000 0000 0000 0002 ditolak.',
  'testGateway.cardUnknown': 'Itu bukan nombor kad ujian. Gunakan salah satu nombor di bawah.',
  'testGateway.payWithCard': 'Bayar dengan kad',
  'testGateway.handled': 'Pembayaran ini telah pun diuruskan.',
  'testGateway.back': 'Kembali ke kedai',
  'newsletter.confirm.subject': 'Sahkan langganan surat berita anda',
  'newsletter.confirm.intro':
    'Seseorang, harapnya anda, meminta untuk menerima surat berita kami di {email}. Tiada apa-apa dihantar sehingga anda mengesahkannya.',
  'newsletter.confirm.action': 'Sahkan langganan saya',
  'newsletter.confirm.outro':
    'Pautan ini sah selama {days} hari. Jika anda tidak memintanya, abaikan e-mel ini: alamat itu akan dipadam selepas itu.',
  'newsletter.unsubscribeLine':
    'Anda menerima e-mel ini kerana melanggan dengan {email}. Berhenti melanggan dengan satu klik (alamat anda kemudian dipadam):',
  'newsletter.page.confirmTitle': 'Sahkan langganan anda',
  'newsletter.page.confirmText': 'Tekan butang untuk menerima surat berita di {email}, dengan panggilan “{name}”.',
  'newsletter.page.confirmButton': 'Sahkan',
  'newsletter.page.confirmed':
    'Terima kasih: {email} telah melanggan. Setiap surat berita ada pautan untuk berhenti melanggan.',
  'newsletter.page.unsubscribeTitle': 'Berhenti melanggan',
  'newsletter.page.unsubscribeText': 'Tekan butang untuk menghentikan surat berita ke {email} dan memadam alamat itu.',
  'newsletter.page.unsubscribeButton': 'Berhenti melanggan',
  'newsletter.page.unsubscribed': 'Anda telah berhenti melanggan, dan alamat itu telah dipadam.',
  'newsletter.page.unknownLink':
    'Pautan ini tidak lagi sah: langganan telah disahkan, dipadam, atau tidak disahkan dalam tempoh.',
  'newsletter.page.subscribeTitle': 'Surat berita',
  'newsletter.page.subscribeMissing': 'Sila masukkan nama dan e-mel anda.',
  'newsletter.page.subscribeSent':
    'Hampir siap: buka pautan yang baru kami e-melkan untuk mengesahkan. Tiada apa-apa dihantar sebelum itu.',
  'newsletter.page.back': 'Kembali ke kedai',
  // Reviews from verified buyers
  'code.-250': 'Anda boleh mengulas produk setelah pesanannya ditandatangani terima atau selesai.',
  'code.-251': 'Anda sudah mengulas saiz ini; sunting ulasan anda sebaliknya.',
  'code.-252':
    'Anda mempunyai terlalu banyak pesanan yang menunggu bayaran. Bayar atau batalkan salah satu daripadanya dalam Pesanan saya terlebih dahulu.',
  'mail.reviewRequest.subject': 'Bagaimana pesanan {orderNo} anda?',
  'mail.reviewRequest.intro':
    'Pesanan {orderNo} anda telah selesai. Sudikah anda berkongsi pendapat dengan pelanggan lain? Ulasan anda hanya menunjukkan nama yang anda pilih, dan tidak pernah e-mel, nama keluarga atau bandar anda.',
  'mail.reviewRequest.action': 'Tulis ulasan',
  'mail.reviewRequest.outro':
    'Anda menerima ini kerana anda meminta jemputan ulasan di halaman akaun anda; matikannya di sana pada bila-bila masa.',
  'order.country.notShipped': 'Kami belum menghantar ke destinasi ini dalam mata wang ini',
  'order.shippingMethod.notOffered': 'Kaedah penghantaran ini tidak melayani alamat penghantaran; sila pilih yang lain',
  'order.total.changed': 'Jumlah telah berubah sejak ia dipaparkan; sila semak jumlah baharu dan sahkan sekali lagi',
  'mail.orderConfirmation.shipping': 'Penghantaran ({method}): {amount}',
  'mail.orderConfirmation.taxAdded': '{label}: {amount}',
  'mail.orderConfirmation.taxIncluded': 'Termasuk {label}: {amount}',
  'code.-260': 'Ini tidak tersedia untuk penghantaran ke destinasi ini, atau tidak dengan kaedah pembayaran ini',
  'sales.notSold': 'Sesetengah item tidak boleh dihantar ke destinasi ini; alih keluar item itu atau pilih alamat lain',
  'sales.payMethodRefused':
    'Kaedah pembayaran ini tidak tersedia untuk item ini ke destinasi ini; sila pilih yang lain',
  'code.-261': 'Pesanan ke destinasi ini memerlukan semakan umur terlebih dahulu',
  'ageStandIn.title': 'Semakan umur',
  'ageStandIn.banner':
    'MOD UJIAN: halaman ini menggantikan penyedia jaminan umur. Tiada dokumen diminta atau disimpan.',
  'ageStandIn.question': 'Jawab sebagai orang yang anda uji.',
  'ageStandIn.adult': 'Saya berumur 18 tahun atau lebih',
  'ageStandIn.minor': 'Saya berumur bawah 18 tahun',
  'ageStandIn.back': 'Kembali ke kedai',
  // The names of the taxes the shipping rules use (`taxLabel`), shown in the reader's language
  'tax.salesTax': 'Cukai jualan',
  'tax.vat': 'Cukai nilai tambah (VAT)',
  'tax.sst': 'SST',
  'tax.gst': 'GST',
};
