#pragma once
/* OpenSSL libcrypto, used on Linux only for SHA-256 and Ed25519 (Apple platforms use CryptoKit). */
#include <openssl/evp.h>
