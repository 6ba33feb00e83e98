# Sourced by the setup scripts: the Debian packages of a list that are not installed.
#
#     source scripts/apt-missing.sh
#     missing=($(apt_missing libcairo2-dev python3))
#     [ ${#missing[@]} -eq 0 ] || apt_install "${missing[@]}"
#
# apt_install runs apt-get update and install (as root, or through sudo) and returns apt's status;
# each script words its own failure.

apt_missing() {
    local p
    for p in "$@"; do
        if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
            echo "$p"
        fi
    done
}

apt_install() {
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@"
}
